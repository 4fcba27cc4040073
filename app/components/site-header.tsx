import { useEffect, useRef } from 'react'
import { Form, Link, NavLink, useLocation, useMatches } from 'react-router'
import { DEFAULT_KEYMAP } from '#app/schemas/keymap.ts'
import { withDialog } from './auth/dialog-url.ts'
import { Clock } from './clock.tsx'
import { EngineBox } from './engine-box.tsx'
import { homepagesPopoverHref } from './manage/dialog-href.ts'
import { NoticeLink } from './notice-link.tsx'
import { SearchLauncher } from './search/search-launcher.tsx'
import { ToolDrawerLink } from './tools/tool-drawer.tsx'
import { NAV_BAR } from '#app/utils/nav-bar.ts'
import { USER_PAGES } from './user-pages.ts'
import { WeatherWidget } from './weather/weather-widget.tsx'

/** `noticeAmount`: the user's unread notices (the root loader counts them); `keymap`: their shortcut keys. */
export type HeaderUser = { id: number; nickname: string; noticeAmount?: number; keymap?: { searchKeymap: string } } | null

/** Names of 10 or more characters get a tooltip, since the header may cut them (spec §2). */
const TOOLTIP_FROM = 10

/**
 * The signed-in user's dropdown (spec §2): the user-centre pages and 退出 (a POST). A `<details>`
 * with a `.menu`, like the category menus, so it opens without JavaScript and gets the same
 * keyboard handling with it (use-popups.ts: arrows, Home / End, Escape back to the summary).
 */
function AccountMenu({ nickname }: { nickname: string }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  // The header stays across navigations: a page chosen from the menu closes it.
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [location.key])
  return (
    <details className="account-menu" ref={ref}>
      <summary>
        <span className="account-name">{nickname}</span>
        <span className="visually-hidden">的账号菜单</span>
      </summary>
      <div className="menu">
        {USER_PAGES.map((page) => (
          <Link key={page.to} to={page.to}>
            {page.label}
          </Link>
        ))}
        <Form method="post" action="/logout" className="menu-form">
          <button type="submit">退出</button>
        </Form>
      </div>
    </details>
  )
}

export function SiteHeader({
  user,
  homepageName,
  clock,
  engineInHeader,
  shortcuts,
}: {
  user: HeaderUser
  homepageName: string
  clock: { now: number; timeZone: string }
  /** False where the page shows its own engine box, or its homepage hides the box. */
  engineInHeader: boolean
  /** Keyboard shortcuts on: the viewer owns the homepage shown (spec §5 Keymap). */
  shortcuts: boolean
}) {
  const location = useLocation()
  const matches = useMatches()
  const nameTitle = [...homepageName].length >= TOOLTIP_FROM ? homepageName : undefined
  return (
    <header className="site-header">
      <div className="site-header-inner">
        {user ? (
          // Signed in, the name opens the homepage popover (spec §2); the logo still leads home.
          <div className="brand">
            <Link to="/" className="brand-logo" aria-label="起页首页">
              起
            </Link>
            <Link to={homepagesPopoverHref(location, matches)} className="brand-name" title={nameTitle} aria-label={`${homepageName}（我的主页）`} preventScrollReset>
              {homepageName}
            </Link>
          </div>
        ) : (
          <Link to="/" className="brand">
            <span className="brand-logo" aria-hidden="true">
              起
            </span>
            <span className="brand-name" title={nameTitle}>
              {homepageName}
            </span>
          </Link>
        )}
        <nav aria-label="主菜单" className="main-nav">
          {/* The menu of spec §2 (utils/nav-bar.ts, also GET /api/site/nav-bar): 工具箱 opens its drawer with JavaScript. */}
          {NAV_BAR.map((item) =>
            item.drawer === 'tool' ? (
              <ToolDrawerLink key={item.key}>{item.name}</ToolDrawerLink>
            ) : (
              <NavLink key={item.key} to={item.url} end={item.url === '/'}>
                {item.name}
              </NavLink>
            ),
          )}
        </nav>
        {engineInHeader ? <EngineBox variant="header" /> : null}
        {/* Bookmark search: the button, and Ctrl+K with the user's key; a guest is asked to sign in (spec §6). */}
        {user ? (
          <SearchLauncher keymap={user.keymap?.searchKeymap ?? DEFAULT_KEYMAP.searchKeymap} shortcut={shortcuts} />
        ) : (
          <Link to={withDialog(location, 'login')} className="button button-ghost header-search" preventScrollReset>
            搜索
          </Link>
        )}
        <Clock now={clock.now} timeZone={clock.timeZone} />
        <WeatherWidget />
        <div className="account">
          {user ? (
            <>
              <NoticeLink count={user.noticeAmount ?? 0} />
              <AccountMenu nickname={user.nickname} />
            </>
          ) : (
            <>
              <Link to={withDialog(location, 'login')} className="button button-ghost" preventScrollReset>
                登录
              </Link>
              <Link to={withDialog(location, 'register')} className="button button-primary" preventScrollReset>
                注册
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  )
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        <Link to="/">起页</Link> · 书签与网址导航起始页 · 键盘、读屏和无脚本浏览器都能用
      </p>
      <p className="muted">© {new Date().getFullYear()} 起页</p>
    </footer>
  )
}

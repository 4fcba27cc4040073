import { useRef } from 'react'
import { Link, NavLink, useLocation, useMatches } from 'react-router'
import { useShortcut } from '#app/utils/use-shortcut.ts'
import { withDialog } from './auth/dialog-url.ts'
import { Clock } from './clock.tsx'
import { EngineBox } from './engine-box.tsx'
import { homepagesPopoverHref } from './manage/dialog-href.ts'
import { lazyPart } from './lazy-part.tsx'
import { pressSearchShortcut } from './search/search-shortcut.ts'
import { ToolDrawerLink } from './tools/tool-drawer.tsx'
import { NAV_BAR, type NavItem } from '#app/utils/nav-bar.ts'
import { useRovingFocus } from '#app/utils/use-roving-focus.ts'
// The styles of the parts below whose code loads later: linked by every page, as before (ADR 015).
import './search/search.css'
import './tools/tools.css'

/**
 * The search button, and the shortcut (Ctrl+K, the user's key; spec §5 Keymap: on their own
 * homepage, an empty key is switched off), listened to from hydration on: a press before the
 * launcher's code has come opens it once it has (search-shortcut.ts).
 */
function HeaderSearch({ keymap, noteKeymap, shortcut }: { keymap: string; noteKeymap: string; shortcut: boolean }) {
  useShortcut(keymap, pressSearchShortcut, shortcut)
  return <SearchLauncher keymap={keymap} noteKeymap={noteKeymap} shortcut={shortcut} />
}

/** The signed-in header's notices and account menu: not a guest's code either. */
const HeaderAccount = lazyPart(() => import('./account-menu.tsx').then((m) => m.HeaderAccount))
// 更多 (its code with the account menu's: a disclosure that opens as HTML, closed on navigation).
const MoreMenu = lazyPart(() => import('./account-menu.tsx').then((m) => m.MoreMenu))
/** A signed-in user's 小组 entry, with its notice dot and the dot's polling (same module: one chunk). */
const GroupNavLink = lazyPart(() => import('./account-menu.tsx').then((m) => m.GroupNavLink))

/**
 * The header weather: drawn by the server, its code (a refresh, the popover) comes after the page
 * has hydrated, outside a guest's first load (budget 5, ADR 015); the link works meanwhile.
 */
const WeatherWidget = lazyPart(() => import('./weather/weather-widget.tsx').then((m) => m.WeatherWidget))

/** The signed-in header's search (Radix dialog, results): its code is not a guest's (ADR 015). */
const SearchLauncher = lazyPart(() => import('./search/search-launcher.tsx').then((m) => m.SearchLauncher))

/**
 * `noticeAmount`: the user's unread notices, `groupAmount` those of groups (the root loader counts
 * them); `keymap`: their shortcut keys.
 */
export type HeaderUser = {
  id: number
  nickname: string
  avatar?: string | null
  noticeAmount?: number
  groupAmount?: number
  /** Approved discover sites newer than the user's last visit of /discover (the 发现 entry's 'new' badge). */
  discoverNew?: boolean
  keymap: { searchKeymap: string; noteKeymap: string }
} | null

/** Names of 10 or more characters get a tooltip, since the header may cut them (spec §2). */
const TOOLTIP_FROM = 10

/** The bar's entries and 更多's summary: with JavaScript one Tab stop, the arrows move among them. */
const MENU_STOPS = ':scope > a, :scope > details > summary'

/**
 * The menu of spec §2 (utils/nav-bar.ts, also GET /api/site/nav-bar), drawn from the list as it
 * is: 工具箱 opens its drawer with JavaScript, 小组 has the signed-in user's notice dot, the
 * entries marked `more` sit under 更多 (a `<details>`: opens without JavaScript; popup-keys.ts
 * closes it on Escape or a click elsewhere). With JavaScript the bar is one Tab stop (issue 22's
 * budget: the first bookmark within 15 stops), ←/→ moving along it, as the module tabs do.
 */
function MainNav({ user }: { user: HeaderUser }) {
  const nav = useRef<HTMLElement>(null)
  useRovingFocus(nav, MENU_STOPS)
  const more = NAV_BAR.filter((item) => item.more)
  return (
    <nav aria-label="主菜单" className="main-nav" ref={nav}>
      {NAV_BAR.filter((item) => !item.more).map((item) => (
        <NavEntry key={item.key} item={item} user={user} />
      ))}
      {more.length ? <MoreMenu items={more} /> : null}
    </nav>
  )
}

function NavEntry({ item, user }: { item: NavItem; user: HeaderUser }) {
  if (item.drawer === 'tool') return <ToolDrawerLink>{item.name}</ToolDrawerLink>
  if (item.badge === 'dot' && user) {
    return <GroupNavLink to={item.url} name={item.name} amount={user.groupAmount ?? 0} fallback={<NavLink to={item.url}>{item.name}</NavLink>} />
  }
  // 发现's 'new': approved sites the signed-in viewer has not seen yet (root loader).
  if (item.badge === 'new' && user?.discoverNew) {
    return (
      <NavLink to={item.url} className="nav-with-badge">
        {item.name}
        <span className="nav-new-badge">
          new<span className="visually-hidden">（有新的网站）</span>
        </span>
      </NavLink>
    )
  }
  return (
    <NavLink to={item.url} end={item.url === '/'}>
      {item.name}
    </NavLink>
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
        <div className="brand">
          {/* The logo leads home for the pointer; keyboards and screen readers have 首页 beside it (ADR 030). */}
          <Link to="/" className="brand-logo" aria-hidden="true" tabIndex={-1}>
            起
          </Link>
          {user ? (
            // Signed in, the name opens the homepage popover (spec §2).
            <Link to={homepagesPopoverHref(location, matches)} className="brand-name" title={nameTitle} aria-label={`${homepageName}（我的主页）`} preventScrollReset>
              {homepageName}
            </Link>
          ) : (
            <span className="brand-name" title={nameTitle}>
              {homepageName}
            </span>
          )}
        </div>
        <MainNav user={user} />
        {engineInHeader ? <EngineBox variant="header" /> : null}
        {/* Bookmark search: the button, and Ctrl+K with the user's key; a guest is asked to sign in (spec §6). */}
        {user ? (
          <HeaderSearch keymap={user.keymap.searchKeymap} noteKeymap={user.keymap.noteKeymap} shortcut={shortcuts} />
        ) : (
          <Link to={withDialog(location, 'login')} className="button button-ghost header-search" preventScrollReset>
            搜索书签
          </Link>
        )}
        <Clock now={clock.now} timeZone={clock.timeZone} />
        <WeatherWidget />
        <div className="account">
          {user ? (
            <HeaderAccount nickname={user.nickname} avatar={user.avatar ?? null} noticeAmount={user.noticeAmount ?? 0} />
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

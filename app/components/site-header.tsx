import { Form, Link, NavLink, useLocation, useMatches } from 'react-router'
import { withDialog } from './auth/dialog-url.ts'
import { Clock } from './clock.tsx'
import { WeatherWidget } from './weather/weather-widget.tsx'
import { homepagesPopoverHref } from './manage/dialog-href.ts'
import { NoticeLink } from './notice-link.tsx'

/** `noticeAmount`: the user's unread notices (the root loader counts them). */
export type HeaderUser = { id: number; nickname: string; noticeAmount?: number } | null

/** Names of 10 or more characters get a tooltip, since the header may cut them (spec §2). */
const TOOLTIP_FROM = 10

export function SiteHeader({
  user,
  homepageName,
  clock,
}: {
  user: HeaderUser
  homepageName: string
  clock: { now: number; timeZone: string }
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
          <NavLink to="/" end>
            首页
          </NavLink>
        </nav>
        <Clock now={clock.now} timeZone={clock.timeZone} />
        <WeatherWidget />
        <div className="account">
          {user ? (
            <>
              <NoticeLink count={user.noticeAmount ?? 0} />
              <span className="account-name">{user.nickname}</span>
              <Form method="post" action="/logout">
                <button type="submit" className="button button-ghost">
                  退出
                </button>
              </Form>
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

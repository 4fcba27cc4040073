import { Form, Link, NavLink, useLocation } from 'react-router'
import { withDialog } from './auth/dialog-url.ts'
import { Clock } from './clock.tsx'

export type HeaderUser = { id: number; nickname: string } | null

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
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          <span className="brand-logo" aria-hidden="true">
            起
          </span>
          <span className="brand-name" title={[...homepageName].length >= TOOLTIP_FROM ? homepageName : undefined}>
            {homepageName}
          </span>
        </Link>
        <nav aria-label="主菜单" className="main-nav">
          <NavLink to="/" end>
            首页
          </NavLink>
        </nav>
        <Clock now={clock.now} timeZone={clock.timeZone} />
        <div className="account">
          {user ? (
            <>
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

import { Link, NavLink, Outlet } from 'react-router'

/** The user centre's pages (spec §2 /user), in the spec's order; each page guards its own sign-in. */
const PAGES = [
  { to: '/user/bag-share', label: '我的分享' },
  { to: '/user/bag-follow', label: '我的关注' },
  { to: '/user/trash', label: '回收站' },
  { to: '/user/notice', label: '消息通知' },
  { to: '/user/export', label: '导出书签' },
  { to: '/user/bookmark-log', label: '书签日志' },
] as const

export function loader() {
  return { headerTitle: '个人中心' }
}

/**
 * The user centre's one layout (full width, no footer: spec §2): the navigation between its
 * pages beside the page itself. NavLink marks the current one with aria-current="page".
 */
export default function UserCentre() {
  return (
    <main id="main" className="page user-centre">
      <nav className="user-nav" aria-label="个人中心">
        <ul>
          <li>
            <Link to="/">返回首页</Link>
          </li>
          {PAGES.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end>
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  )
}

import { Link, NavLink, Outlet } from 'react-router'
import { USER_PAGES } from '#app/components/user-pages.ts'

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
          {/* Each page guards its own sign-in. */}
          {USER_PAGES.map((page) => (
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

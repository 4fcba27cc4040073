import { Link, NavLink, Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/user'
import { USER_PAGES } from '#app/components/user-pages.ts'
import { pagePath, recordPage } from '#app/services/browser-history.server.ts'
import { signInFirst } from './user-centre.server.ts'

/** A guest asking for any page of the centre signs in first, and comes back to it. */
export const middleware: Route.MiddlewareFunction[] = [signInFirst]

/**
 * Each user-centre page enters the browser history here, by its navigation label. The centre
 * wears the look of the user's start page (`look`: read by the document, document-look.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = USER_PAGES.find((p) => p.to === pagePath(request))
  if (page) recordPage(context, request, `${page.label} - 个人中心`)
  return { headerTitle: '个人中心' }
}

/** Run again on every move between the centre's pages (same request: one data fetch), so each is recorded. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname
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

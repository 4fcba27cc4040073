import { data, redirect } from 'react-router'
import type { Route } from './+types/mobile'
import { MobileView } from '#app/components/homepage/mobile-view.tsx'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { userContext } from '#app/context.ts'
import { isHttps } from '#app/utils/http.server.ts'
import { LAYOUT_COOKIE, LAYOUT_PARAM, MOBILE_PATH } from '#app/utils/phone.ts'
import { loadHomepagePage } from './homepage-page.server.ts'

/**
 * 电脑版 on a phone, kept a year like the other device settings (preference-cookies.server.ts);
 * plain text, read by utils/phone.ts `choseDesktop` without parsing.
 */
const layoutCookie = (request: Request, value: 'desktop' | '') =>
  `${LAYOUT_COOKIE}=${value}; Path=/; Max-Age=${value ? 365 * 24 * 60 * 60 : 0}; HttpOnly; SameSite=Lax${isHttps(request) ? '; Secure' : ''}`

/**
 * The mobile site (spec §2 mobile guard, issue 25 item 4): `/m`, the viewer's start page as `/`
 * shows it (the signed-in user's default homepage, a guest's the site's), and `/m/{code}`, a
 * homepage by its personal domain. The same loader as the start page (homepage-page.server.ts):
 * the same homepage, permissions, theme and visit counting; only the drawing differs.
 *
 * `?layout=desktop` (the page's 电脑版 link) keeps a phone on the desktop layout and goes there;
 * `?layout=mobile` (the footer's 手机版) shows this page and forgets that choice.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const code = params.code ?? null
  const here = code ? `${MOBILE_PATH}/${code}` : MOBILE_PATH
  const layout = url.searchParams.get(LAYOUT_PARAM)
  if (layout === 'desktop') throw redirect(code ? `/${code}` : '/', { headers: { 'Set-Cookie': layoutCookie(request, 'desktop') } })
  const page = await loadHomepagePage(context, code, { request })
  if (!page && code) throw data(NOT_FOUND_MSG, { status: 404 })
  const tab = Number(url.searchParams.get('tab')) || null
  const body = {
    // The root's shell leaves its header, side buttons and footer to this page (root.tsx).
    mobile: true,
    here,
    signedIn: context.get(userContext) !== null,
    tab,
    page: page?.homepage ?? null,
    headerTitle: page?.headerTitle,
    skin: page?.skin,
  }
  // The footer's 手机版 opens this page and forgets the desktop choice (a page, not a redirect: every footer link answers 200).
  return layout === 'mobile' ? data(body, { headers: { 'Set-Cookie': layoutCookie(request, '') } }) : body
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.headerTitle ? `${loaderData.headerTitle} - 起页手机版` : '起页手机版' },
  { name: 'theme-color', content: '#2f6fed' },
]

export default function Mobile({ loaderData }: Route.ComponentProps) {
  return <MobileView here={loaderData.here} data={loaderData.page} tab={loaderData.tab} signedIn={loaderData.signedIn} />
}

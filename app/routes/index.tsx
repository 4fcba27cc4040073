import { type MouseEvent, Suspense, useState } from 'react'
import { redirect, useNavigate } from 'react-router'
import type { Route } from './+types/index'
import { lazyPart } from '#app/components/lazy-part.tsx'
import { isPlainClick } from '#app/utils/plain-click.ts'
import { HomepageView } from '#app/components/homepage/homepage-view.tsx'
import { MANAGE_PAGE_HANDLE } from '#app/components/manage/dialog-href.ts'
import { ManageDialog } from '#app/components/manage/manage-dialog-slot.tsx'
import { userContext } from '#app/context.ts'
import { MOBILE_PATH, sendsToMobile } from '#app/utils/phone.ts'
import { loadHomepagePage } from './homepage-page.server.ts'
import { loadPageDialog, pageAction } from '#app/dialogs/registry.server.ts'

export async function loader({ request, context, url }: Route.LoaderArgs) {
  // The mobile guard (spec §2): a signed-in phone's start page is the mobile site, unless it chose
  // the desktop layout. The page cache keys `/` by phone or not (page-key.server.ts), so a kept
  // desktop page never answers a phone. A query (a dialog's address, which the mobile site's links
  // to management use) is not the start page the guard is about.
  if (!url.search && sendsToMobile(context.get(userContext) !== null, request.headers)) throw redirect(MOBILE_PATH)
  const [page, manage] = await Promise.all([loadHomepagePage(context, null, { request, fragments: true }), loadPageDialog(context, request, url)])
  return { page, isGuest: context.get(userContext) === null, headerTitle: page?.headerTitle, chrome: page?.chrome, skin: page?.skin, manage }
}

/** Renders the management dialogs: the header's homepage popover link opens on this page. */
export const handle = MANAGE_PAGE_HANDLE

/** Every management form of the page (modules, categories, bookmarks) posts here. */
export const action = pageAction

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page ? `${loaderData.page.headerTitle} - 起页` : '起页 - 书签与网址导航起始页' },
]

const PROMO_ID = 'promo'
const LazyPromoPanel = lazyPart(() => import('#app/components/promo-panel.tsx').then((m) => m.PromoPanel))

/**
 * The guest's promo panel (promo-panel.tsx). Hydrating, the server's HTML of it is kept as it is
 * and its code never loads: it is a few links, and a guest's first load is within budget 5
 * (ADR 015). A dialog link in it still opens its dialog in place (the listener here); the social
 * links load their page as they would anyway. Drawn by the browser itself (a navigation to /, a
 * sign-out), the panel loads its code.
 */
function Promo() {
  const navigate = useNavigate()
  const [kept] = useState(() => typeof document !== 'undefined' && document.getElementById(PROMO_ID) !== null)
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a[data-dialog]')
    if (!link || !isPlainClick(event)) return
    event.preventDefault()
    navigate(link.getAttribute('href')!, { preventScrollReset: true })
  }
  // The same Suspense boundary as the lazy part's, so that hydration matches the server's HTML.
  return kept ? (
    <Suspense>
      <aside id={PROMO_ID} className="promo" aria-labelledby="promo-title" onClick={onClick} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
    </Suspense>
  ) : (
    <LazyPromoPanel id={PROMO_ID} />
  )
}

export default function Index({ loaderData, actionData }: Route.ComponentProps) {
  const { page, isGuest } = loaderData
  return (
    <main id="main" className="page">
      <ManageDialog data={loaderData.manage} actionData={actionData} />
      {page ? (
        <HomepageView data={page.homepage} />
      ) : (
        <div className="empty-page">
          <h1>还没有可以显示的主页</h1>
          <p className="muted">登录后即可创建自己的主页。</p>
        </div>
      )}
      {/* Drawn above the homepage (app.css), after it in the Tab order: its sign-in links repeat the header's. */}
      {isGuest ? <Promo /> : null}
    </main>
  )
}

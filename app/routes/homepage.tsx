import { data } from 'react-router'
import type { Route } from './+types/homepage'
import { HomepageView } from '#app/components/homepage/homepage-view.tsx'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { MANAGE_PAGE_HANDLE } from '#app/components/manage/dialog-href.ts'
import { ManageDialog } from '#app/components/manage/manage-dialog-slot.tsx'
import { appContext, userContext } from '#app/context.ts'
import { followsClosedHomepage, NO_LONGER_SHARED } from '#app/services/follows.server.ts'
import { loadHomepagePage } from './homepage-page.server.ts'
import { loadPageDialog, pageAction } from '#app/dialogs/registry.server.ts'

/** A homepage by its personal domain: `/{code}`. Private or missing ones are the same 404. */
export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const [page, manage] = await Promise.all([loadHomepagePage(context, params.code, { request, fragments: true }), loadPageDialog(context, request, url)])
  if (!page) {
    const { db } = context.get(appContext)
    // Only someone who followed it learns that it still exists.
    if (await followsClosedHomepage(db, context.get(userContext), params.code)) throw data(NO_LONGER_SHARED, { status: 403 })
    throw data(NOT_FOUND_MSG, { status: 404 })
  }
  return { ...page, manage }
}

/** Renders the management dialogs: the header's homepage popover link opens on this page. */
export const handle = MANAGE_PAGE_HANDLE

/** Every management form of the page (modules, categories, bookmarks) posts here. */
export const action = pageAction

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.headerTitle} - 起页` : '起页' }]

export default function Homepage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <ManageDialog data={loaderData.manage} actionData={actionData} />
      <HomepageView data={loaderData.homepage} />
    </main>
  )
}

import { data } from 'react-router'
import type { Route } from './+types/module'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { HomepageView } from '#app/components/homepage/homepage-view.tsx'
import { MANAGE_PAGE_HANDLE } from '#app/components/manage/dialog-href.ts'
import { ManageDialog } from '#app/components/manage/manage-dialog-slot.tsx'
import { loadHomepagePage } from './homepage-page.server.ts'
import { loadPageDialog, pageAction } from '#app/dialogs/registry.server.ts'
import { idOf } from '#app/schemas/ids.ts'

/**
 * One module of a homepage: `/{code}/{moduleId}` (spec §2). A module that is missing, belongs to
 * another homepage, or whose homepage the viewer may not see is the same 404.
 */
export async function loader({ params, request, context, url }: Route.LoaderArgs) {
  const moduleId = idOf(params.moduleId)
  if (!moduleId) throw data(NOT_FOUND_MSG, { status: 404 })
  const [page, manage] = await Promise.all([
    loadHomepagePage(context, params.code, { moduleId, request }),
    loadPageDialog(context, request, url),
  ])
  if (!page) throw data(NOT_FOUND_MSG, { status: 404 })
  return { ...page, moduleName: page.homepage.tabs[0]?.name ?? '', manage }
}

/** Renders the management dialogs: the header's homepage popover link opens on this page. */
export const handle = MANAGE_PAGE_HANDLE

/** The management forms of the page (star and privacy toggles among them) post to the page itself. */
export const action = pageAction

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.moduleName} - ${loaderData.headerTitle} - 起页` : `${NOT_FOUND_MSG} - 起页` },
]

export default function ModulePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="page">
      <ManageDialog data={loaderData.manage} actionData={actionData} />
      <HomepageView data={loaderData.homepage} />
    </main>
  )
}

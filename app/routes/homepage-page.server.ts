import { can } from '#app/auth/permissions.ts'
import type { RouterContextProvider } from 'react-router'
import { STAR_MODULE_ID } from '#app/components/homepage/anchor-nav.tsx'
import { capabilitiesOf } from '#app/components/homepage/capabilities.ts'
import type { HomepageViewContent, HomepageViewData } from '#app/components/homepage/homepage-view.tsx'
import { type PageLayout, pageLayoutOf } from '#app/components/homepage/page-layout.ts'
import { appContext, userContext } from '#app/context.ts'
import { popVisibleOf } from '#app/schemas/layout.ts'
import { homepageInfo, homepageLayout, loadHomepageContent, type ResolvedHomepage, resolveHomepage, resolveSharedModule } from '#app/services/homepage.server.ts'
import { memberFaces } from '#app/services/members.server.ts'
import { sharedModuleIntro } from '#app/services/module-share.server.ts'
import { bookmarkSortOf } from '#app/schemas/sort.ts'
import { recordVisit } from '#app/services/visits.server.ts'
import { recordPage } from '#app/services/browser-history.server.ts'
import type { PageChrome } from '#app/components/page-chrome.ts'
import { readGuestConfig, readPageWidth } from '#app/utils/preference-cookies.server.ts'
import { homepageLook } from '#app/services/skin.server.ts'
import { homepageBackground, viewerBackground } from '#app/services/skin-background.server.ts'
import { backgroundVars } from '#app/schemas/skin-background.ts'
import type { PageSkin } from '#app/components/skin/document-look.ts'
import { documentLook } from '#app/utils/document-look.server.ts'
import { assembleContent, type FragmentView } from '#app/page-cache/fragments.server.ts'
import type { PageRender } from '#app/page-cache/page-render.ts'
import type { Db } from '#app/db/client.server.ts'
import type { SortMethod } from '#app/schemas/sort-methods.ts'

const SITE_NAME = '起页'

/**
 * A request for a whole HTML page, as opposed to React Router's `.data` requests (navigations,
 * revalidation after a form, fetchers), whose answer is the only copy of the data.
 */
export function isDocumentRequest(request: Request) {
  return !new URL(request.url).pathname.endsWith('.data')
}

/**
 * Loader data of a start page (`/`, `/:code`) or of one of its modules (`/:code/:moduleId`);
 * null when there is none to show. Lean on purpose: React Router writes loader data into the
 * page a second time for hydration, so it holds only what the view draws. Pass the `request`,
 * and on a document request the bookmarks are kept out of that second copy altogether
 * (PERFORMANCE.md budget 4: the list is not sent twice; see HomepageViewData.content).
 */
export async function loadHomepagePage(
  context: Readonly<RouterContextProvider>,
  code: string | null,
  options: { moduleId?: number; request?: Request; fragments?: boolean } = {},
) {
  const { moduleId, request } = options
  const { db, pageRender, visits } = context.get(appContext)
  const user = context.get(userContext)
  const visible = await resolveHomepage(db, user, code)
  const resolved = visible ?? (code && moduleId !== undefined ? await resolveSharedModule(db, user, code, moduleId) : null)
  if (!resolved) return null
  // Seen only through its shared module: the homepage's own name, summary, counts and link stay private.
  const shareOnly = !visible
  const intro = moduleId === undefined ? null : await sharedModuleIntro(db, moduleId)
  // A page view by anyone but the owner counts for the visit stats (once per document, not per navigation data).
  const countsVisit = resolved.role !== 'owner' && request !== undefined && isDocumentRequest(request)
  if (countsVisit) {
    if (visits) visits.add(resolved.homepage.id)
    else await recordVisit(db, resolved.homepage.id)
  }
  // The whole start page may be kept by the page cache (a module page is not offered to it).
  if (moduleId === undefined) pageRender?.shows(resolved.homepage, { countsVisit })
  const sort = bookmarkSortOf(user)
  const info = homepageInfo(resolved)
  // A guest's own settings (set-guest-config, a cookie) apply over the homepage's.
  const layout = pageLayoutOf(
    { ...homepageLayout(resolved.homepage), ...(!user && request ? await readGuestConfig(request) : {}) },
    { pageWidth: request ? await readPageWidth(request) : 'default', signedIn: user !== null, startPage: moduleId === undefined },
  )
  // The skin's background (picture or colour, opacity, blur): custom properties on the wrapper (layout.css).
  const own = resolved.role === 'owner'
  const background = request ? await viewerBackground(request, own, resolved.homepage) : homepageBackground(resolved.homepage)
  layout.vars = { ...layout.vars, ...backgroundVars(background) }
  if (background.type !== 'none') layout.attrs = { ...layout.attrs, skin: background.type }
  const content = await pageContent(db, resolved, { request, moduleId, sort, layout, pageRender, index: code === null, fragments: options.fragments === true })
  if (moduleId !== undefined && !content.modules.length) return null
  const caps = capabilitiesOf(resolved.role)
  const homepage: HomepageViewData = {
    homepageId: resolved.homepage.id,
    name: shareOnly ? SITE_NAME : info.name,
    // A module page shows its share summary (save-share-params) instead of the homepage's.
    summary: moduleId === undefined ? resolved.homepage.summary : (intro?.summary ?? ''),
    code: shareOnly ? null : resolved.homepage.code,
    role: resolved.role,
    caps,
    social: shareOnly
      ? { isOpen: false, followAmount: 0, memberAmount: 0 }
      : {
          isOpen: resolved.homepage.isOpen,
          followAmount: resolved.followAmount,
          memberAmount: resolved.memberAmount,
          members: caps.memberWidget ? await memberFaces(db, user, resolved.homepage.id) : [],
        },
    sort: user ? sort : null,
    ...(resolved.role === 'owner' ? { popVisible: popVisibleOf(resolved.homepage.settings) } : {}),
    layout,
    tabs: [
      ...(content.starIds.length ? [{ moduleId: STAR_MODULE_ID, name: '星标' }] : []),
      ...content.modules.map((m) => ({ moduleId: m.moduleId, name: m.name })),
    ],
    ...(moduleId === undefined ? {} : { moduleId }),
  }
  if (request && isDocumentRequest(request)) {
    // Read by the server's render, skipped by the hydration data (it encodes enumerable keys).
    Object.defineProperty(homepage, 'content', { value: content, enumerable: false })
  } else {
    homepage.content = content
  }
  // One engine box at a time: the start page's own, else the header's (none where the owner hides it).
  const chrome: PageChrome = {
    engine: moduleId !== undefined ? 'header' : homepage.layout.engine ? 'page' : 'hidden',
    sort: homepage.sort !== null,
    shortcuts: can(resolved.role, 'use-shortcuts'),
    // The layout drawer: the owner's from their tools, a guest's from the side buttons.
    layout: { sidebar: layout.sidebar, drawer: !user && can(resolved.role, 'layout-settings') },
  }
  // The homepage's theme and theme colour: its owner's, and its visitors' unless they chose their own (document-look.ts).
  const skin: PageSkin | undefined = request
    ? { own, homepageId: resolved.homepage.id, look: await documentLook(request, { own, look: homepageLook(resolved.homepage) }), background }
    : undefined
  const headerTitle = intro?.title || (shareOnly ? (content.modules[0]?.name ?? SITE_NAME) : info.name)
  if (request) recordPage(context, request, headerTitle)
  return { homepage, chrome, skin, headerTitle }
}

/**
 * A start page asked for as a document, without a query, by a view that draws its list from
 * fragments (`fragments`: homepage-view.tsx, not the mobile site's), is assembled from them (one
 * per top-level category, fragments.server.ts, drawn by the list's HTML function): kept ones
 * where the page cache keeps them, which it can then redraw one by one. Any other (a module
 * page, a navigation's data, a query) reads the whole list, and React draws it.
 */
async function pageContent(
  db: Db,
  resolved: ResolvedHomepage,
  options: { request?: Request; moduleId?: number; sort: SortMethod; layout: PageLayout; pageRender?: PageRender; index: boolean; fragments: boolean },
): Promise<HomepageViewContent> {
  const { request, moduleId, sort, layout, pageRender } = options
  const url = request ? new URL(request.url) : null
  if (options.fragments && request && url && !url.search && moduleId === undefined && isDocumentRequest(request)) {
    const view: FragmentView = {
      homepageId: resolved.homepage.id,
      role: resolved.role,
      sort,
      newTab: layout.newTab,
      childBadge: layout.childBadge,
      pathname: url.pathname,
      // What useFormAction gives the route's view: `/` is an index route.
      formAction: options.index ? '/?index' : url.pathname,
    }
    const { content, drawn } = await assembleContent(db, pageRender?.fragmentStore, view)
    if (pageRender?.fragmentStore) pageRender.fragments = { view, drawn }
    return content
  }
  const loaded = await loadHomepageContent(db, resolved, moduleId === undefined ? { sort } : { moduleId, sort })
  return { modules: loaded.modules, starIds: moduleId === undefined ? loaded.starIds : [] }
}

import { can } from '#app/auth/permissions.ts'
import type { RouterContextProvider } from 'react-router'
import { STAR_MODULE_ID } from '#app/components/homepage/anchor-nav.tsx'
import { seesMemberWidget } from '#app/components/homepage/homepage-bar.tsx'
import type { AnchorPosition, HomepageViewContent, HomepageViewData } from '#app/components/homepage/homepage-view.tsx'
import { appContext, userContext } from '#app/context.ts'
import { popVisibleOf } from '#app/schemas/layout.ts'
import { homepageInfo, homepageLayout, loadHomepageContent, maxColumnHeightOf, resolveHomepage, resolveSharedModule } from '#app/services/homepage.server.ts'
import { memberFaces } from '#app/services/members.server.ts'
import { sharedModuleIntro } from '#app/services/module-share.server.ts'
import { bookmarkSortOf } from '#app/schemas/sort.ts'
import { recordVisit } from '#app/services/visits.server.ts'
import type { PageChrome } from '#app/components/side-buttons.tsx'
import { readGuestConfig } from '#app/utils/preference-cookies.server.ts'

const ANCHOR_POSITIONS: readonly AnchorPosition[] = ['left', 'right', 'top', 'none']
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
  options: { moduleId?: number; request?: Request } = {},
) {
  const { moduleId, request } = options
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  const visible = await resolveHomepage(db, user, code)
  const resolved = visible ?? (code && moduleId !== undefined ? await resolveSharedModule(db, user, code, moduleId) : null)
  if (!resolved) return null
  // Seen only through its shared module: the homepage's own name, summary, counts and link stay private.
  const shareOnly = !visible
  const intro = moduleId === undefined ? null : await sharedModuleIntro(db, moduleId)
  // A page view by anyone but the owner counts for the visit stats (once per document, not per navigation data).
  if (resolved.role !== 'owner' && request && isDocumentRequest(request)) await recordVisit(db, resolved.homepage.id)
  const sort = bookmarkSortOf(user)
  const info = homepageInfo(resolved)
  // A guest's own settings (set-guest-config, a cookie) apply over the homepage's.
  const layout = { ...homepageLayout(resolved.homepage), ...(!user && request ? await readGuestConfig(request) : {}) }
  const loaded = await loadHomepageContent(db, resolved, moduleId === undefined ? { sort } : { moduleId, sort })
  if (moduleId !== undefined && !loaded.modules.length) return null
  const content: HomepageViewContent = { modules: loaded.modules, starIds: moduleId === undefined ? loaded.starIds : [] }
  const anchor = ANCHOR_POSITIONS.find((position) => position === layout.anchorPosition) ?? 'left'
  const homepage: HomepageViewData = {
    homepageId: resolved.homepage.id,
    name: shareOnly ? SITE_NAME : info.name,
    // A module page shows its share summary (save-share-params) instead of the homepage's.
    summary: moduleId === undefined ? resolved.homepage.summary : (intro?.summary ?? ''),
    code: shareOnly ? null : resolved.homepage.code,
    role: resolved.role,
    social: shareOnly
      ? { isOpen: false, followAmount: 0, memberAmount: 0 }
      : {
          isOpen: resolved.homepage.isOpen,
          followAmount: resolved.followAmount,
          memberAmount: resolved.memberAmount,
          members: seesMemberWidget(resolved.role) ? await memberFaces(db, user, resolved.homepage.id) : [],
        },
    sort: user ? sort : null,
    ...(resolved.role === 'owner' ? { popVisible: popVisibleOf(resolved.homepage.settings) } : {}),
    layout: {
      newTab: (layout.bookmarkOpenNewTab as unknown) !== false,
      anchor,
      childBadge: (layout.bookmarkChildBadge as unknown) !== false,
      maxRows: maxColumnHeightOf(resolved.homepage),
      // The search-engine box of the start page (spec §3 engineVisible), fixed past 180 px in default mode.
      engine: moduleId === undefined && (layout.engineVisible as unknown) !== false ? { fixes: layout.mode === 'default' } : null,
    },
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
  }
  return { homepage, chrome, headerTitle: intro?.title || (shareOnly ? (content.modules[0]?.name ?? SITE_NAME) : info.name) }
}

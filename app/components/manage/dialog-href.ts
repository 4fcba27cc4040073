import type { ManageDialog } from './types.ts'
import { idOf } from '#app/schemas/id-values.ts'

/**
 * The URL of a management dialog on the current page (ARCHITECTURE.md §5): every dialog has an
 * address, its trigger is a plain link, and closing it is navigating back to `closeHref`.
 *
 * Names and their parameters (the dialogs of app/dialogs/registry.server.ts; their data in types.ts):
 *   add-module · edit-module&moduleId · delete-module&moduleId · manage-modules
 *   add-bag&moduleId[&parentId] · edit-bag&bid · delete-bag&bid
 *   add-link&bid[&parentLinkId][&continue] (continue: after 保存并继续) · edit-link&id · add-folder&bid · edit-folder&id
 *   add-divider&bid[&parentLinkId] · edit-divider&id · add-note&bid · delete-source&id
 *   children&id (a folder's children manager)
 *   batch&bid[&parentLinkId][&all][&q] (batch manage; q filters the target categories) · bag-format&bid · batch-open&bid
 *   choose&id[&bid][&page] (choose links from a category into folder `id`)
 *   homepages[&tab=created|joined|followed][&wd][&page] (the homepage popover) · add-homepage ·
 *   edit-homepage&homepageId · share[&tab=link|invite] (the owner's share panel) · members[&page] ·
 *   more-homepages (the owner's other public homepages) · share-bag&bid (share a category) ·
 *   share-module&moduleId (share a module) · import[&file] (import a bookmark file; `file`: its success step) ·
 *   keymap (the owner's shortcut keys) · layout (the layout settings drawer) · item&id (a bookmark's menu: its star, privacy, edit and delete)
 *   skin (the skin drawer: theme, theme colour, reset; guests too)
 *   notepad&id[&note][&tab=trash] (a note bookmark's notepad) · notepad&bid[&parentLinkId] (a new one: its
 *   first note creates the bookmark) · notebook[&note][&tab=trash][&page] (the user's notebook)
 * Any of them may carry `from` (`manage-modules` or `children:<folderId>`): the list dialog it was
 * opened from, where cancelling or saving returns (see `backHref`).
 */
export type { ManageDialog }

/**
 * The navigation state of a link that opens a dialog: where focus goes back when it closes, as a
 * selector, since the page may draw that element anew while the dialog is open.
 */
export type ReturnFocusState = { returnFocus: string }

/**
 * The short address of a bookmark's menu (`?i=<id>`): the one management link each bookmark
 * carries, a thousand times on a large page (PERFORMANCE.md budget 4). The page redirects it to
 * `?dialog=item&id=<id>` (loadPageDialog); with JavaScript the link opens that dialog directly.
 * Drag sorting reads a bookmark's id from it (itemIdOf).
 */
export const ITEM_MENU_PARAM = 'i'
export const itemMenuHref = (id: number) => `?${ITEM_MENU_PARAM}=${id}`
/** Selects the menu link of a bookmark's list item. */
export const ITEM_MENU_LINK = `a[href^="?${ITEM_MENU_PARAM}="]`

/** The id of the bookmark a list item draws (from its menu link); NaN when it has none. */
export function itemIdOf(li: Element) {
  const href = li.querySelector(`:scope > ${ITEM_MENU_LINK}`)?.getAttribute('href') ?? ''
  return Number(new URLSearchParams(href.slice(1)).get(ITEM_MENU_PARAM) ?? NaN)
}

/** Parameters a dialog URL may carry; anything else on the page's URL is kept as it was. */
const DIALOG_PARAMS = [
  'moduleId',
  'parentId',
  'bid',
  'parentLinkId',
  'id',
  'from',
  'wd',
  'all',
  'page',
  'q',
  'tab',
  'cid',
  'homepageId',
  'iconCategory',
  'iconKeyword',
  'iconPage',
  'file',
  'continue',
  'note',
] as const
/**
 * Dropped as well: React Router's `?index` marker, which stays in the address bar after a form
 * posted without JavaScript to an index route (`/?index&dialog=…`) was answered with errors.
 */
const DROPPED = [...DIALOG_PARAMS, 'dialog', 'index', ITEM_MENU_PARAM] as const

export function dialogHref(
  location: { pathname: string; search: string },
  dialog: ManageDialog,
  params: Partial<Record<(typeof DIALOG_PARAMS)[number], string | number>> = {},
) {
  const search = new URLSearchParams(location.search)
  for (const name of DROPPED) search.delete(name)
  search.set('dialog', dialog)
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value))
  return `${location.pathname}?${search.toString()}`
}

/** The page without any dialog: where closing a dialog or a successful save goes. */
export function closeHref(location: { pathname: string; search: string }) {
  const search = new URLSearchParams(location.search)
  for (const name of DROPPED) search.delete(name)
  const rest = search.toString()
  return `${location.pathname}${rest ? `?${rest}` : ''}`
}

/** The `from` value of a dialog opened from the children manager of a folder. */
export function fromChildren(folderId: number) {
  return `children:${folderId}`
}

/**
 * Where a dialog opened `from` a list dialog goes back to (that list, on the same page), else the
 * page without any dialog. Built from the page's own path, never from a submitted address.
 */
export function returnHref(location: { pathname: string; search: string }, from: string | null | undefined) {
  if (from === 'manage-modules') return dialogHref(location, 'manage-modules')
  const folder = from?.startsWith('children:') ? idOf(from.slice('children:'.length)) : undefined
  if (folder) return dialogHref(location, 'children', { id: folder })
  return closeHref(location)
}

/** Cancel / close / after saving: back to the list the dialog came from, else closed. */
export function backHref(location: { pathname: string; search: string }) {
  return returnHref(location, new URLSearchParams(location.search).get('from'))
}

/** The `handle` of a route whose page renders the management dialogs (`/`, `/:code`, `/:code/:moduleId`). */
export const MANAGE_PAGE_HANDLE = { manageDialogs: true } as const

/** The homepage bar's 我的主页 button, where the homepage popover opens (with JavaScript). */
export const HOMEPAGE_SWITCH_ID = 'homepage-switch'

/** The owner's 快捷键 link on their homepage, where the keymap popover opens (with JavaScript). */
export const KEYMAP_BUTTON_ID = 'keymap-button'

/**
 * The homepage popover from the header: on the page being shown when it renders dialogs (it
 * loaded: an error page did not), else on the user's current homepage.
 */
export function homepagesPopoverHref(
  location: { pathname: string; search: string },
  matches: readonly { handle?: unknown; loaderData?: unknown }[],
) {
  const here = matches.some((m) => m.loaderData !== undefined && (m.handle as Partial<typeof MANAGE_PAGE_HANDLE> | undefined)?.manageDialogs)
  return dialogHref(here ? location : { pathname: '/', search: '' }, 'homepages')
}

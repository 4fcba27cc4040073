import { can, type Role } from '#app/auth/permissions.ts'
import { capabilitiesOf } from '#app/components/homepage/capabilities.ts'
import type { HomepageViewContent } from '#app/components/homepage/homepage-view.tsx'
import { viewKit } from '#app/components/homepage/kit.ts'
import type { Db } from '#app/db/client.server.ts'
import type { SortMethod } from '#app/schemas/sort-methods.ts'
import { type BagRow, type BagView, bagTree, itemsOf, moduleViews, readBags, readModules, readSources } from '#app/services/homepage.server.ts'
import { categoryHtml } from './category-html.server.ts'
import { LruByBytes } from './lru-by-bytes.ts'

/**
 * A start page's categories as fragments (PERFORMANCE.md budget 2, ADR 036): each top-level
 * category, with its sub-categories, is drawn on its own into HTML and kept under a key of all
 * it depends on — the rows of its categories, the version of their bookmarks (bag_versions,
 * bumped by the bookmarks' triggers), and the viewer's view of them (`FragmentView`). A write to
 * one category changes that key alone, so the page around it and the other categories are reused:
 * by the loader, which reads the bookmarks of the missing fragments only, and by the page cache,
 * which splices a redrawn fragment into a kept page without rendering the page.
 */

/**
 * Everything of the viewer and the page that a fragment's HTML depends on besides its rows: the
 * role (what is masked, which tools), the viewer's bookmark order, two layout switches, and the
 * page's address (dialog links and the toggles' form action). The page is one without a query.
 */
export type FragmentView = {
  homepageId: number
  role: Role
  sort: SortMethod
  newTab: boolean
  childBadge: boolean
  pathname: string
  formAction: string
}

/** A top-level category and its sub-categories (rows in their order, each with its bookmarks' version): drawn as one piece. */
export type Fragment = { moduleType: number; bags: BagRow[] }

/** Start-page categories are headings of level 3, under their module's h2 (homepage-body.tsx ModuleSection). */
const LEVEL = 3

/** Rendered fragments by key, least recently used first out, bounded in bytes (UTF-16: two a character). */
export class FragmentStore extends LruByBytes<string> {
  constructor(maxBytes: number) {
    super(maxBytes, (key, html) => 2 * (key.length + html.length))
  }
}

/**
 * The HTML as one flat string. Written piece by piece (category-html.server.ts), it is a rope of
 * V8 string pieces: 50 list items written that way took 7.6× their characters' size in heap (37 KB
 * against 4.9), while the store counts characters. A copy (structuredClone) is one flat string.
 */
const flat = (html: string): string => structuredClone(html)

const keyOf = (view: FragmentView, fragment: Fragment) => JSON.stringify([view, fragment.moduleType, fragment.bags])

/**
 * The HTML of each fragment: from the store, or drawn now — the bookmarks of all the missing ones
 * read in one statement, masked for the view's role (itemsOf), drawn by the list's HTML function
 * (category-html.server.ts, which escapes every value) — and kept. Without a store (the page
 * cache off) every fragment is drawn and none kept.
 */
export async function fragmentHtml(db: Db, store: FragmentStore | undefined, view: FragmentView, fragments: Fragment[]): Promise<string[]> {
  const keys = store ? fragments.map((fragment) => keyOf(view, fragment)) : []
  const html = keys.map((key) => store?.get(key))
  const missing = fragments.filter((_, index) => html[index] === undefined)
  if (!missing.length) return html as string[]
  const rows = await readSources(db, view.homepageId, { sort: view.sort, bagIds: missing.flatMap((fragment) => fragment.bags.map((bag) => bag.id)) })
  const { byBag } = itemsOf(rows, view.role)
  const kit = viewKit({
    caps: capabilitiesOf(view.role),
    newTab: view.newTab,
    childBadge: view.childBadge,
    location: { pathname: view.pathname, search: '' },
    formAction: view.formAction,
  })
  return fragments.map((fragment, index) => {
    const kept = html[index]
    if (kept !== undefined) return kept
    const [root] = [...bagTree(fragment.bags, byBag).values()].flat()
    const drawn = root ? flat(categoryHtml(root, kit, LEVEL, fragment.moduleType)) : ''
    store?.set(keys[index]!, drawn)
    return drawn
  })
}

/** A fragment of the page with its HTML, in page order (PageRender.fragments). */
export type DrawnFragment = Fragment & { html: string }

/**
 * A start page's content assembled from fragments: its modules and categories (with the versions
 * of their bookmarks, read before any bookmark), the HTML of each top-level category, and the
 * starred bookmarks for those who star (the star module and its tab are the page's, not a
 * category's: a starred row's write bumps the homepage, drizzle/0028).
 */
export async function assembleContent(db: Db, store: FragmentStore | undefined, view: FragmentView) {
  const [moduleRows, bagRows] = await Promise.all([readModules(db, view.homepageId), readBags(db, view.homepageId, { versions: true })])
  const modules = moduleViews(moduleRows, bagTree(bagRows, new Map()))
  const fragments: Fragment[] = modules.flatMap((module) =>
    module.bags.map((root) => {
      const ids = new Set<number>()
      const collect = (bag: BagView) => {
        ids.add(bag.bid)
        bag.children?.forEach(collect)
      }
      collect(root)
      return { moduleType: module.moduleType, bags: bagRows.filter((row) => ids.has(row.id)) }
    }),
  )
  const [html, starred] = await Promise.all([
    fragmentHtml(db, store, view, fragments),
    can(view.role, 'star-bookmarks')
      ? readSources(db, view.homepageId, { sort: view.sort, liked: true }).then((rows) => itemsOf(rows, view.role).starred)
      : [],
  ])
  const content: HomepageViewContent = {
    modules,
    starIds: starred.map((item) => item.id),
    starred,
    fragments: new Map(fragments.map((fragment, index) => [fragment.bags[0]!.id, html[index]!])),
  }
  const drawn: DrawnFragment[] = fragments.map((fragment, index) => ({ ...fragment, html: html[index]! }))
  return { content, drawn }
}

/** A fragment of a kept page: where its HTML is in the page's bytes. */
export type PlacedFragment = Fragment & { start: number; end: number }

/** The fragments of a kept page and the view they were drawn for. */
export type KeptFragments = { view: FragmentView; parts: PlacedFragment[] }

/**
 * Where each drawn fragment is in the page's bytes, in page order; null if one is not found
 * (then the page is kept whole and redrawn whole).
 */
export function placeFragments(identity: Buffer, view: FragmentView, drawn: DrawnFragment[]): KeptFragments | null {
  const parts: PlacedFragment[] = []
  let from = 0
  for (const { html, ...fragment } of drawn) {
    const bytes = Buffer.from(html)
    const start = identity.indexOf(bytes, from)
    if (start < 0) return null
    from = start + bytes.length
    parts.push({ ...fragment, start, end: from })
  }
  return { view, parts }
}

/**
 * The fragments of a kept page whose bookmarks changed since, by the versions read now: null
 * when a category is gone (the page is not current; it must be rendered), else the indexes of
 * the stale parts (none: the page is current).
 */
export function staleFragments(kept: KeptFragments, versions: Map<number, number>): number[] | null {
  const stale: number[] = []
  for (const [index, part] of kept.parts.entries()) {
    let changed = false
    for (const bag of part.bags) {
      const now = versions.get(bag.id)
      if (now === undefined) return null
      if (now !== bag.version) changed = true
    }
    if (changed) stale.push(index)
  }
  return stale
}

/**
 * A kept page with its stale fragments drawn anew at the versions read now (their bookmarks read
 * after those versions, so what is kept is never older than its key): the page's bytes rebuilt
 * around them, `shell` applied to every byte that is not a fragment's.
 */
export async function redrawFragments(
  db: Db,
  store: FragmentStore,
  page: { identity: Buffer; fragments: KeptFragments },
  stale: number[],
  versions: Map<number, number>,
  shell: (bytes: Buffer) => Buffer,
): Promise<{ identity: Buffer; fragments: KeptFragments }> {
  const { view } = page.fragments
  const redrawn = stale.map((index) => {
    const part = page.fragments.parts[index]!
    return { moduleType: part.moduleType, bags: part.bags.map((bag) => ({ ...bag, version: versions.get(bag.id)! })) }
  })
  const html = await fragmentHtml(db, store, view, redrawn)
  const chunks: Buffer[] = []
  const parts: PlacedFragment[] = []
  let length = 0
  let from = 0
  const push = (bytes: Buffer) => {
    chunks.push(bytes)
    length += bytes.length
  }
  for (const [index, part] of page.fragments.parts.entries()) {
    push(shell(page.identity.subarray(from, part.start)))
    const at = stale.indexOf(index)
    const fragment = at < 0 ? part : redrawn[at]!
    const start = length
    push(at < 0 ? page.identity.subarray(part.start, part.end) : Buffer.from(html[at]!))
    parts.push({ moduleType: fragment.moduleType, bags: fragment.bags, start, end: length })
    from = part.end
  }
  push(shell(page.identity.subarray(from)))
  return { identity: Buffer.concat(chunks, length), fragments: { view, parts } }
}

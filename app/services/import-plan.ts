import { MAX_CHILDREN } from '#app/schemas/content.ts'
import type { ImportReport, ImportSkip } from '#app/db/schema/index.ts'
import { plainText } from '#app/schemas/text.ts'

/**
 * How the picked part of a bookmark file becomes modules, categories, folders and bookmarks (pure:
 * imports.server.ts reads the rows and writes the plan). A file's folders nest without limit; a
 * homepage has three levels (module › category › folder). The picked folders take the target's
 * next level down, their sub-folders the level below, and anything deeper is flattened into its
 * nearest kept ancestor. No list passes 100 bookmarks: the rest goes on in 继续 folders and
 * categories, so nothing is dropped. A folder with no bookmark to import is not made, only counted.
 */

export type FileFolder = { id: number; parentId: number | null; position: number; name: string; description: string; addDate: Date | null }
export type FileLink = {
  id: number
  folderId: number | null
  position: number
  name: string
  url: string | null
  skip: ImportSkip | null
  description: string
  addDate: Date | null
}

/** Where the picked items go: into a category, as new categories of a module, or as new modules of a homepage. */
export type ImportTarget = { kind: 'category'; name: string; roomLeft: number } | { kind: 'module' } | { kind: 'homepage' }

export type PlanLink = { kind: 'link'; name: string; url: string; note: string; addDate: Date | null }
export type PlanFolder = { kind: 'folder'; name: string; note: string; addDate: Date | null; links: PlanLink[] }
export type PlanCategory = { name: string; addDate: Date | null; items: Array<PlanLink | PlanFolder> }
export type PlanModule = { name: string; addDate: Date | null; categories: PlanCategory[] }

/** category target: `items` go into it and `categories` after it in its module; module: `categories`; homepage: `modules`. */
export type ImportPlan = { items: Array<PlanLink | PlanFolder>; categories: PlanCategory[]; modules: PlanModule[]; report: ImportReport }

export const LIMITS = { module: 20, category: 20, folder: 30, folderNote: 50, link: 100, note: 100 } as const
export const LOOSE_NAME = '导入的书签'
export const UNNAMED_FOLDER = '未命名文件夹'
const CONTINUED = '继续'

export function emptyReport(): Required<ImportReport> {
  return { modules: 0, categories: 0, folders: 0, links: 0, skipped: { scheme: 0, invalid: 0, duplicate: 0 }, empty: 0, trimmed: 0, flattened: 0, continued: 0 }
}

/** Cut to `max` characters (code points, as PostgreSQL counts them); a name's whitespace collapsed, a note's lines kept. */
export function cut(text: string, max: number, lines = false): { text: string; cut: boolean } {
  const spaced = (lines ? text.replace(/[^\S\n]+/g, ' ') : text.replace(/\s+/g, ' ')).trim()
  // No more code points than UTF-16 units: a short text is not split into characters (10,000 names an import).
  if (spaced.length <= max) return { text: spaced, cut: false }
  const chars = Array.from(spaced)
  return chars.length > max ? { text: chars.slice(0, max).join('').trim(), cut: true } : { text: spaced, cut: false }
}

/**
 * The same address written differently is one bookmark: scheme and host are already lower-case
 * (URL.href); the fragment, a trailing slash and a leading www. do not make another site.
 */
export function urlKey(href: string): string {
  try {
    const url = new URL(href)
    url.hash = ''
    const host = url.host.replace(/^www\./, '')
    const path = url.pathname.replace(/\/+$/, '')
    return `${host}${path}${url.search}`
  } catch {
    return href
  }
}

/** The part of a list name that leaves room for " 继续 2". */
function continued(name: string, n: number, max: number) {
  const suffix = n === 1 ? ` ${CONTINUED}` : ` ${CONTINUED} ${n}`
  return `${cut(name, max - suffix.length).text}${suffix}`
}

function chunks<T>(list: T[], first: number, size: number): T[][] {
  const out: T[][] = [list.slice(0, Math.max(first, 0))]
  for (let i = Math.max(first, 0); i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

export function planImport(input: {
  folders: FileFolder[]
  links: FileLink[]
  pickedFolders: ReadonlySet<number>
  pickedLinks: ReadonlySet<number>
  target: ImportTarget
  /** Normalised addresses (urlKey) the user has already: skipped when given. */
  existing?: ReadonlySet<string>
}): ImportPlan {
  const { folders, links, pickedFolders, pickedLinks, target, existing } = input
  const report = emptyReport()
  const name = (text: string, max: number, fallback: string, lines = false) => {
    // The names' one invisible-character rule (uploads stored before it had it still hold them).
    const c = cut(plainText(text), max, lines)
    if (c.cut) report.trimmed++
    return c.text || fallback
  }

  // Folders arrive parents first (document order): whether each is picked, itself or through an ancestor.
  const byId = new Map(folders.map((f) => [f.id, f]))
  const selected = new Set<number>()
  for (const f of [...folders].sort((a, b) => a.position - b.position)) {
    if (pickedFolders.has(f.id) || (f.parentId !== null && selected.has(f.parentId))) selected.add(f.id)
  }
  type Node = { folder: FileFolder | null; subfolders: Node[]; links: FileLink[]; position: number }
  const nodes = new Map<number, Node>()
  for (const id of selected) nodes.set(id, { folder: byId.get(id)!, subfolders: [], links: [], position: byId.get(id)!.position })
  const tops: Node[] = []
  for (const node of nodes.values()) {
    const parent = node.folder!.parentId === null ? undefined : nodes.get(node.folder!.parentId)
    if (parent) parent.subfolders.push(node)
    else tops.push(node)
  }
  const loose: FileLink[] = []
  for (const link of [...links].sort((a, b) => a.position - b.position)) {
    const inFolder = link.folderId !== null && selected.has(link.folderId)
    if (!inFolder && !pickedLinks.has(link.id)) continue
    if (link.skip || !link.url) {
      report.skipped[link.skip ?? 'invalid']++
      continue
    }
    if (existing?.has(urlKey(link.url))) {
      report.skipped.duplicate++
      continue
    }
    if (inFolder) nodes.get(link.folderId!)!.links.push(link)
    else loose.push(link)
  }
  // A folder with nothing to import below it (empty in the file, or all of it skipped) is not
  // made: an empty category or 未命名文件夹 is clutter. The report counts it instead.
  const keeps = (node: Node): boolean => {
    node.subfolders = node.subfolders.filter(keeps)
    if (node.links.length || node.subfolders.length) return true
    report.empty++
    return false
  }
  const kept = tops.filter(keeps)
  const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position
  for (const node of nodes.values()) node.subfolders.sort(byPosition)
  kept.sort(byPosition)

  const planLink = (link: FileLink): PlanLink => {
    let host = ''
    try {
      host = new URL(link.url!).hostname
    } catch {
      // url is a valid http(s) address here (link.skip is null); the host is only a fallback name
    }
    return { kind: 'link', name: name(link.name, LIMITS.link, host), url: link.url!, note: name(link.description, LIMITS.note, '', true), addDate: link.addDate }
  }
  /** A folder's links with every deeper folder's, in document order. */
  const flatLinks = (node: Node): FileLink[] => {
    const all: FileLink[] = [...node.links]
    const stack = [...node.subfolders]
    while (stack.length) {
      const sub = stack.pop()!
      report.flattened++
      all.push(...sub.links)
      stack.push(...sub.subfolders)
    }
    return all.sort(byPosition)
  }
  const asFolders = (node: Node): PlanFolder[] => {
    const folderName = name(node.folder!.name, LIMITS.folder, UNNAMED_FOLDER)
    const note = name(node.folder!.description, LIMITS.folderNote, '', true)
    const parts = chunks(flatLinks(node).map(planLink), MAX_CHILDREN, MAX_CHILDREN).filter((part, i) => i === 0 || part.length)
    report.continued += parts.length - 1
    return parts.map((part, i) => ({ kind: 'folder', name: i ? continued(folderName, i, LIMITS.folder) : folderName, note, addDate: node.folder!.addDate, links: part }))
  }
  /** Items in document order: a node's own links and its sub-folders (as folders) interleaved. */
  const itemsOf = (node: Node, ownLinks = node.links) =>
    [...ownLinks.map((l) => ({ position: l.position, items: [planLink(l)] as Array<PlanLink | PlanFolder> })), ...node.subfolders.map((s) => ({ position: s.position, items: asFolders(s) }))]
      .sort(byPosition)
      .flatMap((x) => x.items)
  /** Categories of at most 100 bookmarks each (folders count as one): the rest in 继续 categories. */
  const split = (categoryName: string, addDate: Date | null, items: Array<PlanLink | PlanFolder>): PlanCategory[] => {
    const parts = chunks(items, MAX_CHILDREN, MAX_CHILDREN).filter((part, i) => i === 0 || part.length)
    report.continued += parts.length - 1
    return parts.map((part, i) => ({ name: i ? continued(categoryName, i, LIMITS.category) : categoryName, addDate, items: part }))
  }
  const asCategories = (node: Node): PlanCategory[] => {
    const categoryName = name(node.folder!.name, LIMITS.category, UNNAMED_FOLDER)
    return split(categoryName, node.folder!.addDate, itemsOf(node))
  }
  const loosePosition = loose[0]?.position ?? 0

  const plan: ImportPlan = { items: [], categories: [], modules: [], report }
  if (target.kind === 'category') {
    const items = [...loose.map((l) => ({ position: l.position, items: [planLink(l)] as Array<PlanLink | PlanFolder> })), ...kept.map((t) => ({ position: t.position, items: asFolders(t) }))]
      .sort(byPosition)
      .flatMap((x) => x.items)
    const [first, ...rest] = chunks(items, target.roomLeft, MAX_CHILDREN)
    plan.items = first ?? []
    plan.categories = rest.filter((part) => part.length).map((part, i) => ({ name: continued(target.name, i + 1, LIMITS.category), addDate: null, items: part }))
    report.continued += plan.categories.length
  } else if (target.kind === 'module') {
    const groups = [...kept.map((t) => ({ position: t.position, categories: asCategories(t) }))]
    if (loose.length) groups.push({ position: loosePosition, categories: split(LOOSE_NAME, null, loose.map(planLink)) })
    plan.categories = groups.sort(byPosition).flatMap((g) => g.categories)
  } else {
    const asModule = (node: Node): PlanModule => {
      const moduleName = name(node.folder!.name, LIMITS.module, UNNAMED_FOLDER)
      // A module holds categories only: its own loose links become a category of its name, first.
      const own = node.links.length ? split(cut(moduleName, LIMITS.category).text, node.folder!.addDate, node.links.map(planLink)) : []
      return { name: moduleName, addDate: node.folder!.addDate, categories: [...own, ...node.subfolders.flatMap(asCategories)] }
    }
    const groups = kept.map((t) => ({ position: t.position, module: asModule(t) }))
    if (loose.length) groups.push({ position: loosePosition, module: { name: LOOSE_NAME, addDate: null, categories: split(LOOSE_NAME, null, loose.map(planLink)) } })
    plan.modules = groups.sort(byPosition).map((g) => g.module)
  }

  // Count what the plan makes (the report's numbers).
  const count = (items: Array<PlanLink | PlanFolder>) => {
    for (const item of items) {
      if (item.kind === 'link') report.links++
      else {
        report.folders++
        report.links += item.links.length
      }
    }
  }
  const countCategories = (categories: PlanCategory[]) => {
    for (const c of categories) {
      report.categories++
      count(c.items)
    }
  }
  count(plan.items)
  countCategories(plan.categories)
  for (const m of plan.modules) {
    report.modules++
    countCategories(m.categories)
  }
  return plan
}

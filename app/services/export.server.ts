import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm'
import { maskOf } from '#app/auth/permissions.ts'
import { type ExportFolder, type ExportNode, writeBookmarksHtml } from '#app/bookmark-files/write.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import {
  bags,
  groupBookmarks,
  groupCategories,
  groupMembers,
  groups,
  homepages,
  modules,
  notes,
  sources,
  type Bag,
  type Group,
  type GroupBookmark,
  type GroupCategory,
  type GroupPermission,
  type Homepage,
  type Module,
  type Note,
  type Source,
  type User,
} from '#app/db/schema/index.ts'
import { ALL_HOMEPAGES, type ExportScope } from '#app/schemas/export.ts'
import { idOf } from '#app/schemas/ids.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { DEFAULT_TIME_ZONE } from '#app/utils/clock.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, NOT_FOUND } from './access.server.ts'
import { detailHref } from '#app/notes/writing-href.ts'

/**
 * Export (spec §2 /user/export): what a user OWNS, as a Netscape bookmark file browsers import
 * and as a JSON file of everything. Read in five queries (homepages, modules, categories,
 * bookmarks, notes) inside one read-only snapshot, each in its page order (sort_key, then id),
 * and nested here. Only the user's own live homepages: never one they joined or follow.
 * The JSON export of every homepage also carries the user's groups (four more queries in the
 * same snapshot): those they own with their shown bookmarks, and those they belong to, by id.
 */

export const JSON_EXPORT_VERSION = 1
const BOOKMARKS_TITLE = '起页书签'

/** `homepage` from a query string: absent or `all` is every homepage; otherwise an id, or NOT_FOUND. */
export function exportScopeOf(value: string | null): ExportScope {
  if (value === null || value === '' || value === ALL_HOMEPAGES) return ALL_HOMEPAGES
  const id = idOf(value)
  if (!id) throw new DomainError(NOT_FOUND)
  return id
}

/** A note bookmark carries its notepad's notes (its trash too); a post or snippet its one text. */
type SourceNode = { source: Source; children: SourceNode[]; notes: Note[] }
type CategoryNode = { bag: Bag; categories: CategoryNode[]; sources: SourceNode[] }
type ModuleNode = { module: Module; categories: CategoryNode[] }
type HomepageNode = { homepage: Homepage; name: string; modules: ModuleNode[] }
/** The homepages, and the notebook when every homepage is exported. */
type OwnedTree = { homepages: HomepageNode[]; notebook: Note[] }

/** Groups rows under a key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string | number) {
  const groups = new Map<string | number, T[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

/** The owned tree in page order. A category or bookmark whose parent is gone sits at the top of its list, as the page shows it. */
async function ownedTree(tx: Db | Tx, user: User, scope: ExportScope): Promise<OwnedTree> {
  const homepageRows = await tx
    .select()
    .from(homepages)
    .where(and(eq(homepages.userId, user.id), isNull(homepages.deletedAt), scope === ALL_HOMEPAGES ? undefined : eq(homepages.id, scope)))
    // As the homepage list shows them: pinned first, then newest first.
    .orderBy(desc(homepages.sort), desc(homepages.id))
  if (scope !== ALL_HOMEPAGES && !homepageRows.length) throw new DomainError(NOT_FOUND)
  const noteRows = await tx
    .select()
    .from(notes)
    .where(and(eq(notes.userId, user.id), scope === ALL_HOMEPAGES ? undefined : ne(notes.kind, 'notebook')))
    .orderBy(asc(notes.createdAt), asc(notes.id))
  const notebook = noteRows.filter((n) => n.kind === 'notebook')
  if (!homepageRows.length) return { homepages: [], notebook }
  const ids = homepageRows.map((h) => h.id)
  const moduleRows = await tx.select().from(modules).where(inArray(modules.homepageId, ids)).orderBy(asc(modules.sortKey), asc(modules.id))
  const bagRows = await tx
    .select()
    .from(bags)
    .where(and(inArray(bags.homepageId, ids), isNull(bags.deletedAt)))
    .orderBy(asc(bags.sortKey), asc(bags.id))
  const sourceRows = await tx
    .select()
    .from(sources)
    .where(and(inArray(sources.homepageId, ids), isNull(sources.deletedAt)))
    .orderBy(asc(sources.sortKey), asc(sources.id))

  const liveBags = new Set(bagRows.map((b) => b.id))
  const bagsOf = groupBy(bagRows, (b) => `${b.moduleId}:${b.parentId !== null && liveBags.has(b.parentId) ? b.parentId : 0}`)
  const liveSources = new Set(sourceRows.map((s) => s.id))
  const sourcesOf = groupBy(sourceRows, (s) => `${s.bagId}:${s.parentId !== null && liveSources.has(s.parentId) ? s.parentId : 0}`)
  const modulesOf = groupBy(moduleRows, (m) => m.homepageId)
  const notesOf = groupBy(noteRows, (n) => n.sourceId ?? 0)

  const sourceNodes = (bagId: number, parentId: number): SourceNode[] =>
    (sourcesOf.get(`${bagId}:${parentId}`) ?? []).map((source) => ({ source, children: sourceNodes(bagId, source.id), notes: notesOf.get(source.id) ?? [] }))
  const categoryNodes = (moduleId: number, parentId: number): CategoryNode[] =>
    (bagsOf.get(`${moduleId}:${parentId}`) ?? []).map((bag) => ({
      bag,
      categories: categoryNodes(moduleId, bag.id),
      sources: sourceNodes(bag.id, 0),
    }))
  return {
    homepages: homepageRows.map((homepage) => ({
      homepage,
      name: homepageLabel(homepage.title, user.nickname),
      modules: (modulesOf.get(homepage.id) ?? []).map((module) => ({ module, categories: categoryNodes(module.id, 0) })),
    })),
    notebook,
  }
}

type GroupNode = { group: Group; categories: Array<{ category: GroupCategory; bookmarks: GroupBookmark[] }> }
type Membership = { id: number; name: string; permission: GroupPermission }
type GroupsTree = { owned: GroupNode[]; joined: Membership[] }

/**
 * The user's groups: those they own (live), with their live categories in order and in each the
 * shown bookmarks (approved, not removed) in order; and those they belong to (live), by id.
 */
async function groupsTree(tx: Db | Tx, user: User): Promise<GroupsTree> {
  const joined = await tx
    .select({ id: groups.id, name: groups.name, permission: groupMembers.permission })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, user.id), isNull(groups.deletedAt)))
    .orderBy(asc(groups.id))
  const groupRows = await tx.select().from(groups).where(and(eq(groups.userId, user.id), isNull(groups.deletedAt))).orderBy(asc(groups.id))
  if (!groupRows.length) return { owned: [], joined }
  const ids = groupRows.map((g) => g.id)
  const categoryRows = await tx
    .select()
    .from(groupCategories)
    .where(and(inArray(groupCategories.groupId, ids), isNull(groupCategories.deletedAt)))
    .orderBy(asc(groupCategories.sort), asc(groupCategories.id))
  const bookmarkRows = await tx
    .select()
    .from(groupBookmarks)
    .where(and(inArray(groupBookmarks.groupId, ids), eq(groupBookmarks.status, 'approved'), isNull(groupBookmarks.deletedAt)))
    .orderBy(asc(groupBookmarks.sort), asc(groupBookmarks.id))
  const categoriesOf = groupBy(categoryRows, (c) => c.groupId)
  const bookmarksOf = groupBy(bookmarkRows, (b) => b.categoryId)
  return {
    owned: groupRows.map((group) => ({
      group,
      categories: (categoriesOf.get(group.id) ?? []).map((category) => ({ category, bookmarks: bookmarksOf.get(category.id) ?? [] })),
    })),
    joined,
  }
}

const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const

/** One consistent snapshot of the user's rows, even while they edit in another tab. */
function readOwnedTree(db: Db, actor: Actor, scope: ExportScope) {
  if (!actor) throw new NotSignedInError()
  return db.transaction((tx) => ownedTree(tx, actor, scope), SNAPSHOT)
}

// ---------------------------------------------------------------------------------------------
// The browser bookmark file

/** Links (with their address) and bookmark folders; notes, dividers, posts and code have no place in a browser. */
function bookmarkNodes(nodes: SourceNode[], origin: string | undefined): ExportNode[] {
  return nodes.flatMap(({ source, children }): ExportNode[] => {
    // A blacklisted link is hidden from its owner too (违规链接): it does not leave through an export.
    if (maskOf(source, 'owner') === 'blacklist') return []
    const description = source.note || undefined
    if (source.type === 'folder') return [{ name: source.name, addDate: source.createdAt, description, children: bookmarkNodes(children, origin) }]
    if (source.type === 'link' && source.url) return [{ name: source.name, url: source.url, addDate: source.createdAt, description }]
    // A post or snippet: a bookmark of its page here (the JSON export carries its text).
    if ((source.type === 'post' || source.type === 'code') && origin) return [{ name: source.name, url: `${origin}${detailHref(source.id)}`, addDate: source.createdAt, description }]
    return []
  })
}

/** A category: its sub-categories first (as the category tree lists them), then its bookmarks in order. */
function categoryFolder({ bag, categories, sources: items }: CategoryNode, origin: string | undefined): ExportFolder {
  return { name: bag.name, addDate: bag.createdAt, children: [...categories.map((c) => categoryFolder(c, origin)), ...bookmarkNodes(items, origin)] }
}

const moduleFolders = (node: HomepageNode, origin: string | undefined): ExportFolder[] =>
  node.modules.map(({ module, categories }) => ({ name: module.name, addDate: module.createdAt, children: categories.map((c) => categoryFolder(c, origin)) }))

/** A file name's date, in the user's time zone: 2026-11-25. */
function dateStamp(now: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** What a homepage name may put into a file name: no path separators, reserved characters or controls. */
const fileSafe = (name: string) => name.replace(/[\u0000-\u001F\u007F/\\:*?"<>|]+/g, '_').trim() || '主页'

export type ExportFile = {
  body: string
  /** The name users see (UTF-8), and a plain ASCII one for clients that only read `filename=`. */
  filename: string
  asciiFilename: string
  contentType: string
}

/** When and for whom: the date in the file name, and the site's address (the links to posts' pages). */
type Clock = { now?: Date; timeZone?: string; origin?: string }

/**
 * The browser bookmark file: the modules of one homepage as top-level folders (with their
 * categories, sub-categories and bookmark folders inside), or, for all homepages, one folder per
 * homepage above them. A homepage id that is not the user's live homepage is NOT_FOUND.
 */
export async function exportBookmarksHtml(db: Db, actor: Actor, scope: ExportScope, clock: Clock = {}): Promise<ExportFile> {
  const tree = (await readOwnedTree(db, actor, scope)).homepages
  const children: ExportNode[] =
    scope === ALL_HOMEPAGES
      ? tree.map((node) => ({ name: node.name, addDate: node.homepage.createdAt, description: node.homepage.summary || undefined, children: moduleFolders(node, clock.origin) }))
      : moduleFolders(tree[0]!, clock.origin)
  const stamp = dateStamp(clock.now ?? new Date(), clock.timeZone ?? DEFAULT_TIME_ZONE)
  const which = scope === ALL_HOMEPAGES ? '全部主页' : fileSafe(tree[0]!.name)
  return {
    body: writeBookmarksHtml({ title: BOOKMARKS_TITLE, children }),
    filename: `${BOOKMARKS_TITLE}-${which}-${stamp}.html`,
    asciiFilename: scope === ALL_HOMEPAGES ? `qiye-bookmarks-${stamp}.html` : `qiye-bookmarks-${scope}-${stamp}.html`,
    contentType: 'text/html; charset=utf-8',
  }
}

// ---------------------------------------------------------------------------------------------
// The full JSON export (version 1): every field a later import needs, nothing internal (no ids).

export type ExportedSource = {
  type: Source['type']
  name: string
  url: string | null
  note: string
  icon: string | null
  formats: Source['formats']
  isPrivate: boolean
  privateRemark: string
  blacklisted: boolean
  liked: boolean
  likeSort: number
  referral: boolean
  clickAmount: number
  clickTime: string | null
  createdAt: string
  updatedAt: string
  /** A folder's bookmarks. */
  children: ExportedSource[]
  /** A note bookmark's notepad, in the order written. */
  notes?: ExportedNote[]
  /** A post's sanitised HTML, or a snippet's code and language. */
  body?: { content: string; language?: string }
}

export type ExportedNote = {
  title: string
  /** Sanitised HTML, as stored and shown. */
  content: string
  /** The notebook: the page it was written from. */
  url?: string
  inTrash: boolean
  createdAt: string
  updatedAt: string
}

export type ExportedCategory = {
  name: string
  icon: string
  color: string | null
  formats: Bag['formats']
  cardConfig: Bag['cardConfig']
  createdAt: string
  updatedAt: string
  categories: ExportedCategory[]
  sources: ExportedSource[]
}

export type ExportedModule = {
  name: string
  icon: string
  moduleType: number
  isDefault: boolean
  isOpen: boolean
  shareParams: Record<string, unknown>
  createdAt: string
  updatedAt: string
  categories: ExportedCategory[]
}

export type ExportedHomepage = {
  name: string
  title: string
  summary: string
  icon: string
  code: string | null
  isOpen: boolean
  isDefault: boolean
  sort: number
  settings: Record<string, unknown>
  layout: Record<string, unknown>
  skin: Record<string, unknown>
  createdAt: string
  updatedAt: string
  modules: ExportedModule[]
}

export type ExportedGroupBookmark = { name: string; url: string; note: string; icon: string; createdAt: string }
export type ExportedGroupCategory = { title: string; icon: string; createdAt: string; bookmarks: ExportedGroupBookmark[] }
export type ExportedGroup = {
  name: string
  summary: string
  icon: string
  isOpen: boolean
  indexMode: Group['indexMode']
  banner: Record<string, string>
  createdAt: string
  updatedAt: string
  categories: ExportedGroupCategory[]
}
/** A group the user belongs to: its id (its page is /group/{id}), name, and what they are there. */
export type ExportedMembership = { id: number; name: string; permission: GroupPermission }

export type ExportData = {
  version: typeof JSON_EXPORT_VERSION
  exportedAt: string
  homepages: ExportedHomepage[]
  notebook?: ExportedNote[]
  /** With every homepage only, like the notebook: groups belong to no homepage. */
  groups?: { owned: ExportedGroup[]; joined: ExportedMembership[] }
}

function groupJson({ group: g, categories }: GroupNode): ExportedGroup {
  return {
    name: g.name,
    summary: g.summary,
    icon: g.icon,
    isOpen: g.isOpen,
    indexMode: g.indexMode,
    banner: g.banner,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    categories: categories.map(({ category: c, bookmarks }) => ({
      title: c.title,
      icon: c.icon,
      createdAt: c.createdAt.toISOString(),
      bookmarks: bookmarks.map((b) => ({ name: b.name, url: b.url, note: b.note, icon: b.icon, createdAt: b.createdAt.toISOString() })),
    })),
  }
}

function noteJson(n: Note): ExportedNote {
  return {
    title: n.title,
    content: n.content,
    ...(n.kind === 'notebook' ? { url: n.url } : {}),
    inTrash: n.deletedAt !== null,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  }
}

function sourceJson({ source: s, children, notes: written }: SourceNode): ExportedSource {
  const blacklisted = maskOf(s, 'owner') === 'blacklist'
  return {
    type: s.type,
    name: s.name,
    // A blacklisted link's address is hidden from its owner as well.
    url: blacklisted ? null : s.url,
    note: s.note,
    icon: s.icon,
    formats: s.formats,
    isPrivate: s.isPrivate,
    privateRemark: s.privateRemark,
    blacklisted,
    liked: s.liked,
    likeSort: s.likeSort,
    referral: s.referral,
    clickAmount: s.clickAmount,
    clickTime: s.clickTime?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    children: children.map(sourceJson),
    ...(s.type === 'note' ? { notes: written.map(noteJson) } : {}),
    ...(s.type === 'post' || s.type === 'code' ? { body: { content: written[0]?.content ?? '', ...(s.type === 'code' ? { language: written[0]?.language ?? 'text' } : {}) } } : {}),
  }
}

function categoryJson({ bag, categories, sources: items }: CategoryNode): ExportedCategory {
  return {
    name: bag.name,
    icon: bag.icon,
    color: bag.color,
    formats: bag.formats,
    cardConfig: bag.cardConfig,
    createdAt: bag.createdAt.toISOString(),
    updatedAt: bag.updatedAt.toISOString(),
    categories: categories.map(categoryJson),
    sources: items.map(sourceJson),
  }
}

function homepageJson({ homepage: h, name, modules: mods }: HomepageNode): ExportedHomepage {
  return {
    name,
    title: h.title,
    summary: h.summary,
    icon: h.icon,
    code: h.code,
    isOpen: h.isOpen,
    isDefault: h.isDefault,
    sort: h.sort,
    settings: h.settings,
    layout: h.layout,
    skin: h.skin,
    createdAt: h.createdAt.toISOString(),
    updatedAt: h.updatedAt.toISOString(),
    modules: mods.map(({ module: m, categories }) => ({
      name: m.name,
      icon: m.icon,
      moduleType: m.moduleType,
      isDefault: m.isDefault,
      isOpen: m.isOpen,
      shareParams: m.shareParams,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      categories: categories.map(categoryJson),
    })),
  }
}

/** Everything the user owns (or one homepage of it) as a tree: homepages, modules, categories and bookmarks of every type. */
export async function exportData(db: Db, actor: Actor, scope: ExportScope, now = new Date()): Promise<ExportData> {
  if (!actor) throw new NotSignedInError()
  const all = scope === ALL_HOMEPAGES
  const { tree, groupsOf } = await db.transaction(async (tx) => ({ tree: await ownedTree(tx, actor, scope), groupsOf: all ? await groupsTree(tx, actor) : null }), SNAPSHOT)
  return {
    version: JSON_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    homepages: tree.homepages.map(homepageJson),
    ...(all ? { notebook: tree.notebook.map(noteJson) } : {}),
    ...(groupsOf ? { groups: { owned: groupsOf.owned.map(groupJson), joined: groupsOf.joined } } : {}),
  }
}

/** The JSON export as a file. */
export async function exportJson(db: Db, actor: Actor, scope: ExportScope, clock: Clock = {}): Promise<ExportFile> {
  const now = clock.now ?? new Date()
  const data = await exportData(db, actor, scope, now)
  const stamp = dateStamp(now, clock.timeZone ?? DEFAULT_TIME_ZONE)
  const which = scope === ALL_HOMEPAGES ? '全部主页' : fileSafe(data.homepages[0]!.name)
  return {
    body: `${JSON.stringify(data, null, 2)}\n`,
    filename: `起页数据-${which}-${stamp}.json`,
    asciiFilename: scope === ALL_HOMEPAGES ? `qiye-data-${stamp}.json` : `qiye-data-${scope}-${stamp}.json`,
    contentType: 'application/json; charset=utf-8',
  }
}

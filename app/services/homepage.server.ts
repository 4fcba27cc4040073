import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { can, maskOf, type Role } from '#app/auth/permissions.ts'
import { type Actor, canSee, relationTo, roleOn } from './access.server.ts'
import { nameAs, SOURCE_VIEW_COLUMNS } from './source.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import {
  bagShares,
  bags,
  bagVersions,
  homepageFollows,
  homepageMembers,
  homepages,
  modules,
  sources,
  users,
  type CardConfig,
  type Formats,
  type Homepage,
  type Source,
  type SourceType,
} from '#app/db/schema/index.ts'
import { DEFAULT_LAYOUT, DEFAULT_SKIN, homepageLabel } from '#app/schemas/homepage.ts'
import { LAYOUT_FIELDS, popVisibleOf } from '#app/schemas/layout.ts'
import { env } from '#app/utils/env.server.ts'
import type { SortMethod } from '#app/schemas/sort.ts'
import { sourceOrder } from './sort-order.server.ts'

export type { Actor } from './access.server.ts'
export type { SourceView } from './source.server.ts'

export type ResolvedHomepage = {
  homepage: Homepage
  role: Role
  creator: { uid: number; nickname: string; avatar: string }
  /** Followers and joined members (the creator not counted; the header shows memberAmount + 1). */
  followAmount: number
  memberAmount: number
}

const notDeleted = isNull(homepages.deletedAt)

async function withCreator(db: Db, actor: Actor, homepage: Homepage | undefined, { viaSharedModule = false } = {}) {
  if (!homepage) return null
  const role = roleOn(actor, homepage, await relationTo(db, actor, homepage))
  // A private homepage is invisible to everyone but its people: same answer as "no such page".
  if (!viaSharedModule && !canSee(role, homepage)) return null
  const [creator] = await db
    .select({
      uid: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      followAmount: sql<number>`(select count(*)::int from ${homepageFollows} where ${homepageFollows.homepageId} = ${homepage.id})`,
      memberAmount: sql<number>`(select count(*)::int from ${homepageMembers} where ${homepageMembers.homepageId} = ${homepage.id})`,
    })
    .from(users)
    .where(eq(users.id, homepage.userId))
  if (!creator) return null
  const { followAmount, memberAmount, ...person } = creator
  return {
    homepage,
    role,
    creator: { ...person, avatar: person.avatar ?? '' },
    followAmount,
    memberAmount,
  } satisfies ResolvedHomepage
}

/** A homepage by id as `actor` may see it (with its creator and counts), or null. */
export async function resolveHomepageById(db: Db, actor: Actor, homepageId: number) {
  const [row] = await db
    .select()
    .from(homepages)
    .where(and(eq(homepages.id, homepageId), notDeleted))
    .limit(1)
  return withCreator(db, actor, row)
}

/**
 * A homepage reached through one of its shared modules (/{code}/{moduleId}, spec §4 module
 * share): resolved for anyone while that module is shared, even when the homepage is private.
 * The caller shows that module only; every other way in still sees nothing.
 */
export async function resolveSharedModule(db: Db, actor: Actor, code: string, moduleId: number) {
  const [row] = await db
    .select({ homepage: homepages })
    .from(homepages)
    .innerJoin(modules, and(eq(modules.homepageId, homepages.id), eq(modules.id, moduleId), eq(modules.isOpen, true)))
    .where(and(sql`lower(${homepages.code}) = ${code.toLowerCase()}`, notDeleted))
    .limit(1)
  return withCreator(db, actor, row?.homepage, { viaSharedModule: true })
}

/**
 * The homepage a request shows: by personal domain when `code` is given; otherwise the signed-in
 * user's current homepage (else their default, else first), and the official demo for guests.
 * Returns null when it does not exist or the actor may not see it.
 */
export async function resolveHomepage(db: Db, actor: Actor, code?: string | null) {
  if (code) {
    const [row] = await db
      .select()
      .from(homepages)
      .where(and(sql`lower(${homepages.code}) = ${code.toLowerCase()}`, notDeleted))
      .limit(1)
    return withCreator(db, actor, row)
  }
  if (!actor) return resolveHomepage(db, actor, env().OFFICIAL_HOMEPAGE_CODE)
  return withCreator(db, actor, await currentHomepageOf(db, actor))
}

/** The signed-in user's current homepage, else their default, else first: the one `/` shows them. */
export async function currentHomepageOf(db: Db, user: NonNullable<Actor>): Promise<Homepage | undefined> {
  const [row] = await db
    .select()
    .from(homepages)
    .where(and(eq(homepages.userId, user.id), notDeleted))
    .orderBy(
      desc(sql`${homepages.id} = ${user.currentHomepageId ?? 0}`),
      desc(homepages.isDefault),
      asc(homepages.id),
    )
    .limit(1)
  return row
}

/**
 * What the start page draws of one bookmark, and nothing more: everything a loader returns is
 * written into the page a second time for hydration (PERFORMANCE.md budget 4), so false flags,
 * empty notes and zero counts are left out. Masking comes from `maskOf` and `nameAs`, the one place that
 * decides what a viewer may see.
 */
export type ItemView = {
  id: number
  type: SourceType
  /** Already masked: 未公开链接 / 违规链接 for viewers who may not see it. */
  name: string
  /** Only links a viewer may open carry their address. */
  url?: string
  note?: string
  icon?: string
  formats?: Formats
  /** Why the item is masked, when it is. */
  masked?: 'private' | 'blacklist'
  /** Owner-only flags: the state of the star and privacy toggles. */
  private?: true
  liked?: true
  /** Send the Referer (rel without noreferrer). */
  referral?: true
  clicks?: number
  /** A folder's bookmarks (none for a masked folder). */
  children?: ItemView[]
}

export type BagView = {
  bid: number
  name: string
  icon: string
  color?: string
  /** The category's batch format, under each bookmark's own. */
  formats?: Formats
  card?: CardConfig
  items: ItemView[]
  /** Sub-categories (parentId), in their order. */
  children?: BagView[]
}

export type ModuleView = { moduleId: number; name: string; icon: string; moduleType: number; bags: BagView[] }

export type HomepageContent = {
  modules: ModuleView[]
  /** The star module (-1): ids of starred bookmarks in the star list order (like-sort), for those who may star (the items are in `modules`). */
  starIds: number[]
}

const FORMAT_VALUES = {
  color: /^#[0-9a-fA-F]{3,8}$/,
  style: /^(normal|italic|underline|solid|dashed|double)$/,
  align: /^(left|center|right)$/,
  weight: /^(normal|bold)$/,
  size: /^(1[0-9]|2[0-9]|3[0-6])px$/,
} as const

/** Only well-formed values reach an inline style; undefined when nothing is left. */
export function cleanFormats(formats: Formats | null | undefined): Formats | undefined {
  if (!formats) return undefined
  let clean: Formats | undefined
  for (const key of Object.keys(FORMAT_VALUES) as (keyof typeof FORMAT_VALUES)[]) {
    const value = formats[key]
    if (typeof value === 'string' && FORMAT_VALUES[key].test(value)) (clean ??= {})[key] = value
  }
  return clean
}

function cleanCard(card: CardConfig | null | undefined): CardConfig | undefined {
  if (!card) return undefined
  let clean: CardConfig | undefined
  const column = Number(card.column)
  const linkColumn = Number(card.linkColumn)
  if (Number.isInteger(column) && column >= 1 && column <= 4) (clean ??= {}).column = column
  if (Number.isInteger(linkColumn) && linkColumn >= 1 && linkColumn <= 12) (clean ??= {}).linkColumn = linkColumn
  if (typeof card.linkStyle === 'string' && /^[a-z][a-z-]{0,19}$/.test(card.linkStyle)) (clean ??= {}).linkStyle = card.linkStyle
  return clean
}

function itemView(row: SourceRow, role: Role): ItemView {
  const masked = maskOf(row, role)
  const item: ItemView = { id: row.id, type: row.type, name: nameAs(row, role) }
  if (masked) {
    item.masked = masked
  } else {
    if (row.url && row.type === 'link') item.url = row.url
    if (row.note) item.note = row.note
    if (row.icon) item.icon = row.icon
  }
  const formats = cleanFormats(row.formats)
  if (formats) item.formats = formats
  if (row.isPrivate && can(role, 'view-private')) item.private = true
  if (row.liked && can(role, 'star-bookmarks')) item.liked = true
  if (row.referral && item.url) item.referral = true
  if (row.clickAmount > 0 && !masked) item.clicks = row.clickAmount
  return item
}

/** A category's row as the start page draws it; `version` is its bookmarks' (bag_versions), read for a fragment's key. */
export type BagRow = {
  id: number
  moduleId: number
  parentId: number | null
  name: string
  icon: string
  color: string | null
  formats: Formats
  cardConfig: CardConfig
  version?: number
}

const BAG_COLUMNS = {
  id: bags.id,
  moduleId: bags.moduleId,
  parentId: bags.parentId,
  name: bags.name,
  icon: bags.icon,
  color: bags.color,
  formats: bags.formats,
  cardConfig: bags.cardConfig,
}

/** A homepage's modules in their order (or the one asked). */
export function readModules(db: Db, homepageId: number, moduleId?: number) {
  return db
    .select({ id: modules.id, name: modules.name, icon: modules.icon, moduleType: modules.moduleType })
    .from(modules)
    .where(and(eq(modules.homepageId, homepageId), moduleId === undefined ? undefined : eq(modules.id, moduleId)))
    .orderBy(asc(modules.sortKey), asc(modules.id))
}

/**
 * A homepage's categories in their order (or one module's); with `versions`, each with the
 * version of its bookmarks, read in the same statement and before any bookmark is: a write after
 * it bumps the version, so what is kept under a version is never older than the database.
 */
export function readBags(db: Db, homepageId: number, options: { moduleId?: number; versions?: boolean } = {}): Promise<BagRow[]> {
  const { moduleId, versions = false } = options
  const where = and(eq(bags.homepageId, homepageId), isNull(bags.deletedAt), moduleId === undefined ? undefined : eq(bags.moduleId, moduleId))
  const order = [asc(bags.sortKey), asc(bags.id)] as const
  if (!versions) return db.select(BAG_COLUMNS).from(bags).where(where).orderBy(...order)
  return db
    .select({ ...BAG_COLUMNS, version: sql<number>`coalesce(${bagVersions.renderVersion}, 0)`.mapWith(Number) })
    .from(bags)
    .leftJoin(bagVersions, eq(bagVersions.bagId, bags.id))
    .where(where)
    .orderBy(...order)
}

/**
 * What the start page draws of a bookmark (itemView), under the names its rows carry: a
 * bookmark's view columns but its times (the page shows none), and its place in the star list.
 */
const { clickTime: _clickTime, createdAt: _createdAt, ...PAGE_VIEW_COLUMNS } = SOURCE_VIEW_COLUMNS
const PAGE_SOURCE_FIELDS = { ...PAGE_VIEW_COLUMNS, likeSort: sources.likeSort }
type SourceRow = { [K in keyof typeof PAGE_SOURCE_FIELDS]: Source[K] }

const PAGE_SOURCE_KEYS = Object.keys(PAGE_SOURCE_FIELDS) as (keyof SourceRow)[]
const PAGE_SOURCE_VALUES = sql.join(Object.values(PAGE_SOURCE_FIELDS), sql`, `)

/** A row read as an array of PAGE_SOURCE_FIELDS' values, in their order, as the object it stands for. */
function sourceRowOf(values: unknown[]) {
  const row: Record<string, unknown> = {}
  for (let index = 0; index < PAGE_SOURCE_KEYS.length; index++) row[PAGE_SOURCE_KEYS[index]!] = values[index]
  return row as SourceRow
}

/**
 * The bookmarks of a homepage in the viewer's order: all of them, one module's, some categories',
 * or the starred (with their folders' bookmarks). Read as one JSON value of one array per row
 * (ADR 016, issue 27): PGlite decodes one field instead of fifteen a row, each into a buffer of
 * its own, and arrays without the field names are half the text of objects (9 → 5 ms for 1,000).
 */
export async function readSources(
  db: Db,
  homepageId: number,
  options: { sort: SortMethod; moduleId?: number; bagIds?: number[]; liked?: true },
): Promise<SourceRow[]> {
  const { sort, moduleId, bagIds, liked } = options
  const where = and(
    eq(sources.homepageId, homepageId),
    isNull(sources.deletedAt),
    // Dividers separate groups of the owner's own order; in any other order they mean nothing.
    sort === 'custom' ? undefined : ne(sources.type, 'divider'),
    bagIds ? inArray(sources.bagId, bagIds) : undefined,
    // The starred, and the bookmarks of starred folders (the star module draws a folder with its own).
    liked
      ? or(
          eq(sources.liked, true),
          inArray(sources.parentId, db.select({ id: sources.id }).from(sources).where(and(eq(sources.homepageId, homepageId), eq(sources.liked, true)))),
        )
      : undefined,
    moduleId === undefined
      ? undefined
      : inArray(sources.bagId, db.select({ id: bags.id }).from(bags).where(and(eq(bags.moduleId, moduleId), eq(bags.homepageId, homepageId)))),
  )
  // An aggregate keeps an order only when told: the order's own, inside it.
  const order = sql.join(sourceOrder(sort), sql`, `)
  // Both drivers answer { rows } and decode json into its value.
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(${PAGE_SOURCE_VALUES}) order by ${order}), '[]') as rows
    from ${sources} where ${where}`)) as unknown as { rows: { rows: unknown[][] }[] }
  return result.rows[0]!.rows.map(sourceRowOf)
}

/**
 * Bookmarks as the role sees them, top level by category and folder children in their folder
 * (rows come in their order), with the starred ones in the star list's order (like-sort). A
 * masked folder keeps its bookmarks to itself.
 */
export function itemsOf(sourceRows: SourceRow[], role: Role) {
  const byBag = new Map<number, ItemView[]>()
  const byFolder = new Map<number, ItemView[]>()
  const folders = new Map<number, ItemView>()
  const stars: { item: ItemView; id: number; likeSort: number }[] = []
  const mayStar = can(role, 'star-bookmarks')
  for (const row of sourceRows) {
    const item = itemView(row, role)
    if (row.type === 'folder') folders.set(row.id, item)
    if (mayStar && row.liked) stars.push({ item, id: row.id, likeSort: row.likeSort })
    const map = row.parentId ? byFolder : byBag
    const key = row.parentId ?? row.bagId
    const list = map.get(key)
    if (list) list.push(item)
    else map.set(key, [item])
  }
  for (const [folderId, children] of byFolder) {
    const folder = folders.get(folderId)
    if (folder && !folder.masked) folder.children = children
  }
  for (const folder of folders.values()) folder.children ??= []
  // The star list has its own order (like-sort), whatever order the bookmarks are in.
  const starred = stars.sort((a, b) => a.likeSort - b.likeSort || a.id - b.id).map((star) => star.item)
  return { byBag, starred }
}

/** Categories as a tree per module, each with its bookmarks; a sub-category whose parent is gone shows at the top level. */
export function bagTree(bagRows: BagRow[], byBag: Map<number, ItemView[]>) {
  const bagViews = new Map<number, BagView>()
  for (const bag of bagRows) bagViews.set(bag.id, bagViewOf(bag, byBag.get(bag.id) ?? []))
  const byModule = new Map<number, BagView[]>()
  for (const bag of bagRows) {
    const view = bagViews.get(bag.id)!
    const parent = bag.parentId ? bagViews.get(bag.parentId) : undefined
    if (parent && parent !== view) {
      ;(parent.children ??= []).push(view)
      continue
    }
    const list = byModule.get(bag.moduleId)
    if (list) list.push(view)
    else byModule.set(bag.moduleId, [view])
  }
  return byModule
}

function bagViewOf(bag: BagRow, items: ItemView[]): BagView {
  const view: BagView = { bid: bag.id, name: bag.name, icon: bag.icon, items }
  if (bag.color) view.color = bag.color
  const formats = cleanFormats(bag.formats)
  if (formats) view.formats = formats
  const card = cleanCard(bag.cardConfig)
  if (card) view.card = card
  return view
}

type ModuleRow = Awaited<ReturnType<typeof readModules>>[number]

export function moduleViews(moduleRows: ModuleRow[], byModule: Map<number, BagView[]>): ModuleView[] {
  return moduleRows.map((m) => ({ moduleId: m.id, name: m.name, icon: m.icon, moduleType: m.moduleType, bags: byModule.get(m.id) ?? [] }))
}

/**
 * Everything the start page draws, in three queries whatever its size (PERFORMANCE.md: PGlite
 * runs on the server's thread), or one module of it (the module detail page). Private and
 * blacklisted links are masked for non-owners here, so no edge can forget it; a masked folder
 * keeps its bookmarks to itself.
 */
export async function loadHomepageContent(
  db: Db,
  resolved: ResolvedHomepage,
  options: { moduleId?: number; sort?: SortMethod } = {},
): Promise<HomepageContent> {
  const homepageId = resolved.homepage.id
  const { moduleId, sort = 'custom' } = options
  const [moduleRows, bagRows, sourceRows] = await Promise.all([
    readModules(db, homepageId, moduleId),
    readBags(db, homepageId, { moduleId }),
    readSources(db, homepageId, { sort, moduleId }),
  ])
  const { byBag, starred } = itemsOf(sourceRows, resolved.role)
  return { modules: moduleViews(moduleRows, bagTree(bagRows, byBag)), starIds: starred.map((item) => item.id) }
}

/** The Homepage entity of spec §3 as the /api and the header see it. */
export function homepageInfo({ homepage, role, creator, followAmount, memberAmount }: ResolvedHomepage) {
  const name = homepageLabel(homepage.title, creator.nickname)
  return {
    id: homepage.id,
    name,
    title: homepage.title,
    summary: homepage.summary,
    icon: homepage.icon,
    iconSrc: homepage.icon,
    code: homepage.code ?? '',
    routeDomain: homepage.code ? `/${homepage.code}` : '',
    isOwn: role === 'owner',
    isManager: role === 'manager',
    isMember: role === 'member',
    memberRole: role === 'guest' ? 'visitor' : role,
    isOpen: homepage.isOpen,
    isDefault: homepage.isDefault,
    sort: homepage.sort,
    follow: role === 'follower',
    followAmount,
    memberAmount,
    visible: true,
    popVisible: popVisibleOf(homepage.settings),
    showOperation: role === 'owner',
    accessible: true,
    creator,
    bannerTitle: name,
  }
}

export function homepageLayout(homepage: Homepage) {
  return { ...DEFAULT_LAYOUT, ...homepage.layout }
}

/** Rows of bookmarks a category shows before it scrolls (save-max-column; spec §9 default 6). */
export function maxColumnHeightOf(homepage: Homepage): number {
  const parsed = LAYOUT_FIELDS.maxColumnHeight.safeParse(homepage.layout.maxColumnHeight)
  return parsed.success ? parsed.data : DEFAULT_LAYOUT.maxColumnHeight
}

export function homepageSkin(homepage: Homepage) {
  return { ...DEFAULT_SKIN, ...homepage.skin }
}

const STARTER = { module: '常用', category: '常用网站' } as const

/** A homepage's content at birth: one module 常用 holding one category 常用网站. */
async function addStarterContent(tx: Tx, homepageId: number) {
  const [module] = await tx
    .insert(modules)
    .values({ homepageId, name: STARTER.module, icon: 'star', moduleType: 0, isDefault: true })
    .returning()
  if (!module) throw new Error('module insert returned nothing')
  await tx.insert(bags).values({ homepageId, moduleId: module.id, name: STARTER.category, icon: 'folder' })
}

/**
 * The birth content gives way to the first modules brought in whole (an import, templates): a
 * first homepage never opens on an empty card (issue 22). Only while nobody has touched it: the
 * homepage's one module and one category, under their birth names, not shared, and not a bookmark
 * in it, trash included. Call inside the writer's transaction, under the homepage lock.
 */
export async function removeUntouchedStarter(tx: Tx, homepageId: number): Promise<boolean> {
  const own = await tx.select({ id: modules.id, name: modules.name }).from(modules).where(eq(modules.homepageId, homepageId)).limit(2)
  const [module] = own
  if (own.length !== 1 || module!.name !== STARTER.module) return false
  const categories = await tx.select({ id: bags.id, name: bags.name }).from(bags).where(eq(bags.homepageId, homepageId)).limit(2)
  if (categories.length !== 1 || categories[0]!.name !== STARTER.category) return false
  const [bookmark] = await tx.select({ id: sources.id }).from(sources).where(eq(sources.homepageId, homepageId)).limit(1)
  const [shared] = await tx.select({ id: bagShares.bagId }).from(bagShares).where(eq(bagShares.bagId, categories[0]!.id)).limit(1)
  if (bookmark || shared) return false
  await tx.delete(bags).where(eq(bags.id, categories[0]!.id))
  await tx.delete(modules).where(eq(modules.id, module!.id))
  return true
}

/**
 * A new homepage of the user with its starter content, made their current one. Every new account
 * gets a default one; the user creates the others (app/services/homepages.server.ts).
 */
export async function createStarterHomepage(
  tx: Tx,
  userId: number,
  values: Partial<Pick<Homepage, 'title' | 'summary' | 'icon' | 'code' | 'isDefault'>>,
) {
  const [homepage] = await tx
    .insert(homepages)
    .values({ ...values, userId })
    .returning()
  if (!homepage) throw new Error('homepage insert returned nothing')
  await addStarterContent(tx, homepage.id)
  await tx.update(users).set({ currentHomepageId: homepage.id }).where(eq(users.id, userId))
  return homepage
}

import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm'
import { type Capability, isMasked, type Role } from '#app/auth/permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bagShares, bags, homepages, sources, type Source, type User } from '#app/db/schema/index.ts'
import { MAX_CHILDREN, TOO_MANY_CHILDREN } from '#app/schemas/content.ts'
import { SORT_LOCKED_MSG } from '#app/schemas/sort.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { assertBookmarkRoom } from './bookmark-limit.server.ts'
import { type Actor, homepageAccess, NOT_FOUND, requireCapability } from './access.server.ts'
import { logBookmarks } from './bookmark-log.server.ts'
import { onceWithKey } from './idempotency.server.ts'
import {
  liveSiblings,
  mergeOrder,
  moveStep,
  nextPosition,
  placeAfter,
  renumber,
  sameList,
  type SourceList,
  type Step,
  writeOrder,
} from './ordering.server.ts'
import { bookmarkSortOf } from '#app/schemas/sort.ts'
import { searchColumns } from './search-index.ts'
import { assertPrivacyStays, privacyAfterWrite } from './source-privacy.server.ts'

/**
 * Where bookmarks sit: relative moves, the no-JS move buttons, drag-and-drop sorts, and moving or
 * copying bookmarks into another category or folder (spec §4 Sorting, §5 Batch, §7). Every change
 * runs in one transaction under the homepage row lock(s) and writes orders through ordering.server.ts.
 */

export const SORT_SAVED_MSG = '排序已自动保存'
export const FOLDER_IN_FOLDER = '文件夹不能放入文件夹'
export const FOLDER_GONE = '文件夹不存在或已被删除'

const live = isNull(sources.deletedAt)

/**
 * Spec §4: in any bookmark order but 自定义排序 (the actor's own, users.bookmark_sort) dragging and
 * the move buttons are locked: every reorder of a list of bookmarks asks this first. Moving a
 * bookmark into another category or folder is not a reorder (it changes where the bookmark lives,
 * not the order the viewer sees) and lands last; categories and modules have their own order.
 */
function assertSortUnlocked(actor: User) {
  if (bookmarkSortOf(actor) !== 'custom') throw new DomainError(SORT_LOCKED_MSG)
}

/**
 * At most 100 bookmarks per parent (a category's top level, or a folder), dividers excluded.
 * Callers hold the homepage row lock, so two writers cannot both take the last place.
 */
export async function assertRoom(tx: Db | Tx, bagId: number, parentId: number | null, adding = 1) {
  if ((await countedChildren(tx, bagId, parentId)) + adding > MAX_CHILDREN) throw new DomainError(TOO_MANY_CHILDREN)
}

/** What counts towards a list's 100: its live bookmarks, dividers excluded. */
export async function countedChildren(tx: Db | Tx, bagId: number, parentId: number | null) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sources)
    .where(and(eq(sources.bagId, bagId), parentId ? eq(sources.parentId, parentId) : isNull(sources.parentId), live, ne(sources.type, 'divider')))
  return row?.n ?? 0
}

/**
 * Locks the homepages involved in ascending id order (two transfers in opposite directions cannot
 * deadlock) and checks each capability. Returns the actor's role on each.
 */
async function lockHomepages(tx: Tx, actor: Actor, needs: Array<[homepageId: number, capability: Capability]>) {
  const roles = new Map<number, Role>()
  for (const [homepageId, capability] of [...needs].sort((a, b) => a[0] - b[0])) {
    roles.set(homepageId, (await requireCapability(tx, actor, homepageId, capability, true)).role)
  }
  return roles
}

async function liveSource(tx: Tx, id: number) {
  const [row] = await tx.select().from(sources).where(and(eq(sources.id, id), live)).limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  return row
}

async function liveBag(tx: Tx, id: number) {
  const [row] = await tx.select().from(bags).where(and(eq(bags.id, id), isNull(bags.deletedAt))).limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  return row
}

/**
 * A live folder. Looked up alone (before any access check) a missing one is NOT_FOUND like a
 * hidden one (no oracle); within a category the actor may edit it is 文件夹不存在或已被删除.
 */
async function liveFolder(tx: Tx, id: number, bagId?: number) {
  const [row] = await tx
    .select()
    .from(sources)
    .where(and(eq(sources.id, id), eq(sources.type, 'folder'), live, bagId ? eq(sources.bagId, bagId) : undefined))
    .limit(1)
  if (!row) throw new DomainError(bagId ? FOLDER_GONE : NOT_FOUND)
  return row
}

const listOf = (row: Pick<Source, 'bagId' | 'parentId'>): SourceList => ({ bagId: row.bagId, parentId: row.parentId ?? null })

// ---------------------------------------------------------------------------------------------
// One bookmark

export type MoveInput = {
  /** The bookmark it goes right after; null = first; absent = last. */
  afterId?: number | null
  /** The target category (its top level unless parentId names a folder in it). */
  bid?: number
  /** The target folder; null = the category's top level. */
  parentId?: number | null
}

/**
 * A relative move of one bookmark: within its list, or into another category or folder of a
 * homepage the actor may edit ('edit-children' where it is, 'add-link' where it goes). Without
 * bid and parentId the target list is afterId's list (a drop after a bookmark), else its own.
 * A folder moves with its children; folders cannot go into folders; the 100-limit holds for
 * the target (dividers excluded).
 */
export async function moveSource(db: Db, actor: Actor, id: number, input: MoveInput) {
  if (!actor) throw new NotSignedInError()
  return db.transaction(async (tx) => {
    const pre = await liveSource(tx, id)
    const preTarget = await targetOf(tx, pre, input)
    const preBag = await liveBag(tx, preTarget.bagId)
    const roles = await lockHomepages(tx, actor, [
      [pre.homepageId, 'edit-children'],
      [preBag.homepageId, 'add-link'],
    ])
    // Read again under the lock: a concurrent move may have changed either side.
    const row = await liveSource(tx, id)
    const target = await targetOf(tx, row, input)
    const bag = await liveBag(tx, target.bagId)
    if (row.homepageId !== pre.homepageId || bag.homepageId !== preBag.homepageId) throw new DomainError(NOT_FOUND)
    if (target.parentId) {
      await liveFolder(tx, target.parentId, bag.id)
      if (row.type === 'folder') throw new DomainError(FOLDER_IN_FOLDER)
    }
    const from = listOf(row)
    const same = sameList(from, target)
    if (same) assertSortUnlocked(actor)
    await assertPrivacyStays(tx, [row], roles.get(row.homepageId)!, bag.homepageId)
    // With the sort locked the viewer does not see the custom order: a move elsewhere lands last.
    const afterId = bookmarkSortOf(actor) === 'custom' ? input.afterId : undefined
    if (afterId === row.id) {
      // "After itself": where it is, when it stays in its list.
      if (!same) throw new DomainError(NOT_FOUND)
      const order = await liveSiblings(tx, sources, from)
      return { id: row.id, bid: bag.id, parentId: target.parentId ?? 0, position: order.indexOf(row.id) }
    }
    const order = (await liveSiblings(tx, sources, target)).filter((x) => x !== row.id)
    if (typeof afterId === 'number' && !order.includes(afterId)) throw new DomainError(NOT_FOUND)
    if (!same) {
      if (row.type !== 'divider') await assertRoom(tx, bag.id, target.parentId)
      await tx
        .update(sources)
        .set({ bagId: bag.id, parentId: target.parentId, homepageId: bag.homepageId, sortKey: await nextPosition(tx, sources, target) })
        .where(eq(sources.id, row.id))
      if (row.type === 'folder') await carryChildren(tx, [row.id], bag.id, bag.homepageId)
    }
    const next = afterId === undefined ? [...order, row.id] : placeAfter(order, row.id, afterId)
    await writeOrder(tx, sources, next)
    if (!same) await renumber(tx, sources, from)
    return { id: row.id, bid: bag.id, parentId: target.parentId ?? 0, position: next.indexOf(row.id) }
  })
}

/**
 * The list a move goes to: bid (its top level, or folder parentId in it); a folder alone; null
 * parentId = its own category's top level; else afterId's list; else its own list.
 */
async function targetOf(tx: Tx, row: Source, input: MoveInput): Promise<SourceList> {
  if (input.bid !== undefined) return { bagId: input.bid, parentId: input.parentId || null }
  if (input.parentId) return { bagId: (await liveFolder(tx, input.parentId)).bagId, parentId: input.parentId }
  if (input.parentId === null) return { bagId: row.bagId, parentId: null }
  if (typeof input.afterId === 'number' && input.afterId !== row.id) return listOf(await liveSource(tx, input.afterId))
  return listOf(row)
}

/** A moved folder's children (live and trashed) follow it into its new category and homepage. */
async function carryChildren(tx: Tx, folderIds: number[], bagId: number, homepageId: number, except: number[] = []) {
  if (!folderIds.length) return
  await tx
    .update(sources)
    .set({ bagId, homepageId })
    .where(and(inArray(sources.parentId, folderIds), except.length ? notInArray(sources.id, except) : undefined))
}

/** The move buttons (work without JS): up, down, first, last, or a 1-based position in its list. */
export async function moveSourceStep(db: Db, actor: Actor, id: number, step: Step) {
  if (!actor) throw new NotSignedInError()
  assertSortUnlocked(actor)
  return db.transaction(async (tx) => {
    const pre = await liveSource(tx, id)
    await requireCapability(tx, actor, pre.homepageId, 'sort-bookmarks', true)
    const row = await liveSource(tx, id)
    if (row.homepageId !== pre.homepageId) throw new DomainError(NOT_FOUND)
    const next = moveStep(await liveSiblings(tx, sources, listOf(row)), row.id, step)
    await writeOrder(tx, sources, next)
    return { id: row.id, position: next.indexOf(row.id), ids: next }
  })
}

/** Applies a sort call to one list, under the lock already held: given ids first, the rest after. */
async function sortList(tx: Tx, list: SourceList, ids: number[]) {
  const current = await liveSiblings(tx, sources, list)
  const here = new Set(current)
  if (!ids.length || ids.some((x) => !here.has(x))) throw new DomainError(NOT_FOUND)
  const next = mergeOrder(current, ids)
  await writeOrder(tx, sources, next)
  return next
}

/**
 * Drag and drop (bookmark/sort, source/sort): the given ids, all live bookmarks of the category's
 * top level or of folder `parentId`, take their given order; the ones not mentioned keep their
 * relative order after them (a stale or partial list from another tab still leaves a permutation).
 * An id that is not in that list: NOT_FOUND, and nothing changes.
 */
export async function sortSources(db: Db, actor: Actor, input: { bid: number; parentId?: number | null; ids: number[] }) {
  if (!actor) throw new NotSignedInError()
  assertSortUnlocked(actor)
  return db.transaction(async (tx) => {
    const bag = await liveBag(tx, input.bid)
    await requireCapability(tx, actor, bag.homepageId, 'sort-bookmarks', true)
    const list = { bagId: bag.id, parentId: input.parentId || null }
    if (list.parentId) {
      const [folder] = await tx
        .select({ id: sources.id })
        .from(sources)
        .where(and(eq(sources.id, list.parentId), eq(sources.bagId, bag.id), eq(sources.type, 'folder'), live))
      if (!folder) throw new DomainError(NOT_FOUND)
    }
    return { ids: await sortList(tx, list, [...new Set(input.ids)]) }
  })
}

/**
 * children/sort {sort: [{sort, id}]}: the list is the one those ids live in (a folder's children);
 * ascending `sort` gives their order, the same rule as sortSources.
 */
export async function sortChildren(db: Db, actor: Actor, items: { id: number; sort: number }[]) {
  if (!actor) throw new NotSignedInError()
  assertSortUnlocked(actor)
  const ids = [...new Set([...items].sort((a, b) => a.sort - b.sort).map((item) => item.id))]
  if (!ids.length) throw new DomainError(NOT_FOUND)
  return db.transaction(async (tx) => {
    const pre = await liveSource(tx, ids[0]!)
    await requireCapability(tx, actor, pre.homepageId, 'sort-bookmarks', true)
    const row = await liveSource(tx, ids[0]!)
    if (row.homepageId !== pre.homepageId) throw new DomainError(NOT_FOUND)
    return { ids: await sortList(tx, listOf(row), ids) }
  })
}

// ---------------------------------------------------------------------------------------------
// Move or copy a selection

export type TransferInput = {
  ids: number[]
  type: 'move' | 'copy'
  /** The target category; may be left out when parentId names the folder. */
  bid?: number
  /** The target folder; null or absent = the category's top level. */
  parentId?: number | null
  /** The form's one-time token: a second submission with it does nothing. */
  key?: string
}
export type TransferResult = { count: number; ids: number[]; repeated?: true }

const REPEATED: TransferResult = { count: 0, ids: [], repeated: true }

/**
 * Moves or copies bookmarks (all from one homepage; any category or folder) into a category's top
 * level or a folder, appended in the given order (spec §5 Batch, source/operation, children/move,
 * children/choose).
 * - move: 'edit-children' where they are; rows already in the target stay where they are; a folder
 *   takes its children along.
 * - copy: the rows must be visible to the actor (masked ones are NOT_FOUND); a copy keeps name, url,
 *   note, icon, formats and privacy, with clicks reset and no star; a folder's (visible) children
 *   are copied into the new folder.
 * - target: 'add-link'; existing + incoming (dividers excluded) ≤ 100, else 最多添加100个书签 and
 *   nothing changes; folders cannot go into folders.
 * - key: one-time token (≤ 64). Claimed first in the transaction; a repeat (sequential or racing:
 *   the primary key decides) does nothing and answers `{count: 0, ids: [], repeated: true}`.
 */
export async function transferSources(db: Db, actor: Actor, input: TransferInput): Promise<TransferResult> {
  if (!actor) throw new NotSignedInError()
  const ids = [...new Set(input.ids)]
  if (!ids.length || (!input.bid && !input.parentId)) throw new DomainError(NOT_FOUND)
  return onceWithKey(db, actor.id, input.key, REPEATED, (tx) => transfer(tx, actor, ids, input))
}

async function transfer(tx: Tx, actor: NonNullable<Actor>, ids: number[], input: TransferInput): Promise<TransferResult> {
  // Unlocked first look: which homepages are involved.
  const pre = await tx
    .select({ id: sources.id, homepageId: sources.homepageId })
    .from(sources)
    .where(and(inArray(sources.id, ids), live))
  const fromHomepage = pre[0]?.homepageId
  if (fromHomepage === undefined || pre.length !== ids.length || pre.some((r) => r.homepageId !== fromHomepage)) {
    throw new DomainError(NOT_FOUND)
  }
  const targetBagId = input.bid ?? (await liveFolder(tx, input.parentId!)).bagId
  const preBag = await liveBag(tx, targetBagId)
  const needs: Array<[number, Capability]> = [[preBag.homepageId, 'add-link']]
  if (input.type === 'move') needs.push([fromHomepage, 'edit-children'])
  const roles = await lockHomepages(tx, actor, needs)
  const fromRole = roles.get(fromHomepage) ?? (await sourceRole(tx, actor, fromHomepage, ids, input.type))

  // Under the lock(s): the rows and the target as they are now.
  const rows = await tx.select().from(sources).where(and(inArray(sources.id, ids), live))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const ordered = ids.map((x) => byId.get(x)).filter((r) => r !== undefined)
  if (ordered.length !== ids.length || ordered.some((r) => r.homepageId !== fromHomepage)) throw new DomainError(NOT_FOUND)
  const bag = await liveBag(tx, targetBagId)
  if (bag.homepageId !== preBag.homepageId) throw new DomainError(NOT_FOUND)
  const target: SourceList = { bagId: bag.id, parentId: input.parentId || null }
  if (target.parentId) {
    await liveFolder(tx, target.parentId, bag.id)
    if (ordered.some((r) => r.type === 'folder')) throw new DomainError(FOLDER_IN_FOLDER)
  }
  let result: TransferResult
  if (input.type === 'copy') result = await copyRows(tx, ordered, fromRole, roles.get(bag.homepageId)!, bag.homepageId, target)
  else {
    await assertPrivacyStays(tx, ordered, fromRole, bag.homepageId)
    result = await moveRows(tx, ordered, bag.homepageId, target)
  }
  if (result.count) {
    const [first] = ordered
    await logBookmarks(tx, { userId: actor.id, homepageId: bag.homepageId, action: input.type, name: first!.name, url: first!.url, count: result.count, place: bag.name })
  }
  return result
}

/**
 * The actor's role where copied bookmarks come from. A category shared at /collection/{bid} lets
 * anyone collect (copy) its bookmarks, as a visitor, even from a private homepage.
 */
async function sourceRole(tx: Tx, actor: NonNullable<Actor>, homepageId: number, ids: number[], type: TransferInput['type']): Promise<Role> {
  try {
    return (await homepageAccess(tx, actor, homepageId)).role
  } catch (error) {
    if (!(error instanceof DomainError) || type !== 'copy') throw error
    const [outside] = await tx
      .select({ id: sources.id })
      .from(sources)
      .innerJoin(homepages, eq(homepages.id, sources.homepageId))
      .leftJoin(bagShares, eq(bagShares.bagId, sources.bagId))
      .where(and(inArray(sources.id, ids), or(isNull(bagShares.bagId), isNotNull(homepages.deletedAt))))
      .limit(1)
    if (outside) throw error
    return 'visitor'
  }
}

async function moveRows(tx: Tx, ordered: Source[], homepageId: number, target: SourceList): Promise<TransferResult> {
  const moving = ordered.filter((r) => !sameList(listOf(r), target))
  const incoming = moving.filter((r) => r.type !== 'divider').length
  if (incoming) await assertRoom(tx, target.bagId, target.parentId, incoming)
  if (!moving.length) return { count: 0, ids: [] }
  const start = await nextPosition(tx, sources, target)
  const rows = sql.join(
    moving.map((r, i) => sql`(${r.id}::integer, ${start + i}::integer)`),
    sql`, `,
  )
  await tx.execute(sql`
    update ${sources} as t
    set bag_id = ${target.bagId}, parent_id = ${target.parentId}::integer, homepage_id = ${homepageId}, sort_key = v.pos, updated_at = now()
    from (values ${rows}) as v(id, pos)
    where t.id = v.id`)
  const movingIds = moving.map((r) => r.id)
  const folders = moving.filter((r) => r.type === 'folder').map((r) => r.id)
  await carryChildren(tx, folders, target.bagId, homepageId, movingIds)
  // The lists they left, and the target, are written densely again (a moved folder's own list is in its new category).
  const left = new Map<string, SourceList>()
  for (const r of moving) {
    const list = listOf(r)
    if (list.parentId && folders.includes(list.parentId)) list.bagId = target.bagId
    left.set(`${list.bagId}:${list.parentId ?? 0}`, list)
  }
  for (const list of left.values()) await renumber(tx, sources, list)
  await renumber(tx, sources, target)
  return { count: moving.length, ids: movingIds }
}

/**
 * The fields a copy keeps, its privacy carried over (never made public); clicks, star, blacklist
 * and timestamps start afresh. `role`: the actor's where the copy lands.
 */
const copyOf = (r: Source, role: Role) => ({
  type: r.type,
  name: r.name,
  url: r.url,
  note: r.note,
  ...searchColumns(r),
  icon: r.icon,
  formats: r.formats,
  ...privacyAfterWrite(role, { had: r }),
  referral: r.referral,
})

async function copyRows(
  tx: Tx,
  ordered: Source[],
  fromRole: Role,
  toRole: Role,
  homepageId: number,
  target: SourceList,
): Promise<TransferResult> {
  if (ordered.some((r) => isMasked(r, fromRole))) throw new DomainError(NOT_FOUND)
  const incoming = ordered.filter((r) => r.type !== 'divider').length
  if (incoming) await assertRoom(tx, target.bagId, target.parentId, incoming)
  await assertBookmarkRoom(tx, homepageId, ordered.length)
  const start = await nextPosition(tx, sources, target)
  const created = await tx
    .insert(sources)
    .values(ordered.map((r, i) => ({ ...copyOf(r, toRole), homepageId, bagId: target.bagId, parentId: target.parentId, sortKey: start + i })))
    .returning({ id: sources.id, sortKey: sources.sortKey })
  const newIdAt = new Map(created.map((c) => [c.sortKey - start, c.id]))
  const newIds = ordered.map((_, i) => newIdAt.get(i)!)
  // A folder's visible children come along, in their order.
  const folders = ordered.flatMap((r, i) => (r.type === 'folder' ? [[r.id, newIds[i]!] as const] : []))
  if (folders.length) {
    const children = await tx
      .select()
      .from(sources)
      .where(and(inArray(sources.parentId, folders.map(([from]) => from)), live))
      .orderBy(asc(sources.parentId), asc(sources.sortKey), asc(sources.id))
    const position = new Map<number, number>()
    const copies = children
      .filter((c) => !isMasked(c, fromRole))
      .map((c) => {
        const parentId = folders.find(([from]) => from === c.parentId)![1]
        const sortKey = position.get(parentId) ?? 0
        position.set(parentId, sortKey + 1)
        return { ...copyOf(c, toRole), homepageId, bagId: target.bagId, parentId, sortKey }
      })
    await assertBookmarkRoom(tx, homepageId, copies.length)
    for (let i = 0; i < copies.length; i += 500) await tx.insert(sources).values(copies.slice(i, i + 500))
  }
  return { count: newIds.length, ids: newIds }
}

// ---------------------------------------------------------------------------------------------
// Restore from the trash

/**
 * The parent each row of a trashed batch returns to: its folder when that is in the batch too,
 * or live in the same category; otherwise the category's top level.
 */
export async function keptParents(tx: Db | Tx, batch: Source[]) {
  const inBatch = new Set(batch.map((r) => r.id))
  const outside = [...new Set(batch.flatMap((r) => (r.parentId && !inBatch.has(r.parentId) ? [r.parentId] : [])))]
  const folders = outside.length
    ? await tx
        .select({ id: sources.id, bagId: sources.bagId })
        .from(sources)
        .where(and(inArray(sources.id, outside), eq(sources.type, 'folder'), live))
    : []
  const liveFolder = new Map(folders.map((f) => [f.id, f.bagId]))
  const parentOf = new Map<number, number | null>()
  for (const r of batch) {
    const keep = r.parentId && (inBatch.has(r.parentId) || liveFolder.get(r.parentId) === r.bagId)
    parentOf.set(r.id, keep ? r.parentId : null)
  }
  return { inBatch, parentOf }
}

/**
 * New keys for the rows of a trashed batch: per list, after its live rows (max + 1 …), in the
 * batch's old order. A list under a folder of the batch holds no live rows: 0…k−1.
 */
export async function restoredPlaces(tx: Db | Tx, batch: Source[], parents: { parentOf: Map<number, number | null> }) {
  const lists = new Map<string, { bagId: number; parentId: number | null; rows: Source[] }>()
  for (const r of batch) {
    const parentId = parents.parentOf.get(r.id) ?? null
    const key = `${r.bagId}:${parentId ?? 0}`
    const list = lists.get(key) ?? { bagId: r.bagId, parentId, rows: [] }
    list.rows.push(r)
    lists.set(key, list)
  }
  const keys: { id: number; sortKey: number; parentId: number | null }[] = []
  for (const list of lists.values()) {
    const start = await nextPosition(tx, sources, { bagId: list.bagId, parentId: list.parentId })
    list.rows.sort((a, b) => a.sortKey - b.sortKey || a.id - b.id)
    list.rows.forEach((r, i) => keys.push({ id: r.id, sortKey: start + i, parentId: list.parentId }))
  }
  return { lists: [...lists.values()], keys }
}

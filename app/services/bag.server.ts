import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, modules, sources, type Bag, type CardConfig, type Formats } from '#app/db/schema/index.ts'
import type { BagInput } from '#app/schemas/content.ts'
import { DomainError } from '#app/utils/errors.ts'
import { type Actor, homepageAccess, NOT_FOUND, requireCapability } from './access.server.ts'

export function bagView(b: Bag) {
  return {
    bid: b.id,
    id: b.id,
    name: b.name,
    label: b.name,
    value: b.id,
    moduleId: b.moduleId,
    parentId: b.parentId ?? 0,
    color: b.color ?? '',
    icon: b.icon,
    iconValue: b.icon,
    iconType: b.icon.startsWith('/uploads/') ? 'image' : 'font',
    formats: b.formats,
    column: b.cardConfig.column ?? null,
    linkStyle: b.cardConfig.linkStyle ?? null,
    linkColumn: b.cardConfig.linkColumn ?? null,
  }
}

/** A live (not trashed) category and the actor's access to its homepage; NOT_FOUND otherwise. */
export async function getBag(db: Db | Tx, actor: Actor, bagId: number) {
  const [bag] = await db
    .select()
    .from(bags)
    .where(and(eq(bags.id, bagId), isNull(bags.deletedAt)))
    .limit(1)
  if (!bag) throw new DomainError(NOT_FOUND)
  return { bag, ...(await homepageAccess(db, actor, bag.homepageId)) }
}

/** The categories of a module as a tree (parentId), each level in its order. */
export async function listBagTree(db: Db, actor: Actor, moduleId: number) {
  const [module] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1)
  if (!module) throw new DomainError(NOT_FOUND)
  await homepageAccess(db, actor, module.homepageId)
  const rows = await db
    .select()
    .from(bags)
    .where(and(eq(bags.moduleId, moduleId), isNull(bags.deletedAt)))
    .orderBy(asc(bags.sortKey), asc(bags.id))
  type Node = ReturnType<typeof bagView> & { children: Node[] }
  const nodes = new Map<number, Node>(rows.map((b) => [b.id, { ...bagView(b), children: [] }]))
  const roots: Node[] = []
  for (const b of rows) {
    const node = nodes.get(b.id)!
    const parent = b.parentId ? nodes.get(b.parentId) : undefined
    ;(parent ? parent.children : roots).push(node)
  }
  return roots
}

/** Ids of a category and all categories below it. */
async function withDescendants(tx: Db | Tx, bag: Bag) {
  const all = await tx.select({ id: bags.id, parentId: bags.parentId }).from(bags).where(eq(bags.moduleId, bag.moduleId))
  const ids = [bag.id]
  for (let i = 0; i < ids.length; i++) ids.push(...all.filter((b) => b.parentId === ids[i]).map((b) => b.id))
  return ids
}

/** Adds a category (optionally under a parent in the same module) or edits one. */
export async function saveBag(db: Db, actor: Actor, input: BagInput) {
  return db.transaction(async (tx) => {
    const [module] = await tx.select().from(modules).where(eq(modules.id, input.moduleId)).limit(1)
    if (!module) throw new DomainError(NOT_FOUND)
    await requireCapability(tx, actor, module.homepageId, 'manage-categories', true)
    const parentId = input.parentId ?? null
    if (parentId) {
      const [parent] = await tx
        .select({ id: bags.id })
        .from(bags)
        .where(and(eq(bags.id, parentId), eq(bags.moduleId, module.id), isNull(bags.deletedAt)))
      if (!parent) throw new DomainError('上级分类不存在')
    }
    const fields = { name: input.name, icon: input.icon, color: input.color ?? null, parentId }
    if (input.bid) {
      const [bag] = await tx
        .select()
        .from(bags)
        .where(and(eq(bags.id, input.bid), eq(bags.moduleId, module.id), isNull(bags.deletedAt)))
      if (!bag) throw new DomainError(NOT_FOUND)
      if (parentId && (await withDescendants(tx, bag)).includes(parentId)) {
        throw new DomainError('不能移动到自己或自己的子分类下')
      }
      const [row] = await tx.update(bags).set(fields).where(eq(bags.id, bag.id)).returning()
      return bagView(row!)
    }
    const [{ last } = { last: null }] = await tx
      .select({ last: max(bags.sortKey) })
      .from(bags)
      .where(and(eq(bags.moduleId, module.id), parentId ? eq(bags.parentId, parentId) : isNull(bags.parentId)))
    const [row] = await tx
      .insert(bags)
      .values({ ...fields, homepageId: module.homepageId, moduleId: module.id, sortKey: (last ?? -1) + 1 })
      .returning()
    return bagView(row!)
  })
}

/** Moves a category, its sub-categories and their bookmarks to the trash, as one batch. */
export async function trashBag(db: Db, actor: Actor, bagId: number) {
  await db.transaction(async (tx) => {
    const { bag } = await getBag(tx, actor, bagId)
    await requireCapability(tx, actor, bag.homepageId, 'manage-categories', true)
    const ids = await withDescendants(tx, bag)
    const trashed = { deletedAt: new Date(), deletedBatchId: randomUUID() }
    await tx.update(bags).set(trashed).where(and(inArray(bags.id, ids), isNull(bags.deletedAt)))
    await tx.update(sources).set(trashed).where(and(inArray(sources.bagId, ids), isNull(sources.deletedAt)))
  })
}

async function trashedBag(tx: Db | Tx, actor: Actor, bagId: number) {
  const [bag] = await tx
    .select()
    .from(bags)
    .where(and(eq(bags.id, bagId), isNotNull(bags.deletedAt)))
    .limit(1)
  if (!bag) throw new DomainError(NOT_FOUND)
  await requireCapability(tx, actor, bag.homepageId, 'manage-categories', true)
  return bag
}

/** Brings a trashed category back with everything trashed together with it. */
export async function restoreBag(db: Db, actor: Actor, bagId: number) {
  await db.transaction(async (tx) => {
    const bag = await trashedBag(tx, actor, bagId)
    const live = { deletedAt: null, deletedBatchId: null }
    await tx.update(bags).set(live).where(eq(bags.deletedBatchId, bag.deletedBatchId!))
    await tx.update(sources).set(live).where(eq(sources.deletedBatchId, bag.deletedBatchId!))
    // A parent trashed separately (or deleted for good) no longer holds it: back to the top level.
    if (bag.parentId) {
      const [parent] = await tx.select({ id: bags.id }).from(bags).where(and(eq(bags.id, bag.parentId), isNull(bags.deletedAt)))
      if (!parent) await tx.update(bags).set({ parentId: null }).where(eq(bags.id, bag.id))
    }
  })
}

/** Deletes a trashed category for good, with its sub-categories and bookmarks. */
export async function deleteBagForever(db: Db, actor: Actor, bagId: number) {
  await db.transaction(async (tx) => {
    const bag = await trashedBag(tx, actor, bagId)
    await tx.delete(bags).where(eq(bags.id, bag.id))
  })
}

/** Puts sibling categories in the given order. */
export async function sortBags(db: Db, actor: Actor, bagIds: number[]) {
  await db.transaction(async (tx) => {
    const rows = bagIds.length
      ? await tx.select().from(bags).where(and(inArray(bags.id, bagIds), isNull(bags.deletedAt)))
      : []
    const first = rows[0]
    const siblings = first && rows.every((b) => b.moduleId === first.moduleId && b.parentId === first.parentId)
    if (!first || rows.length !== new Set(bagIds).size || !siblings) throw new DomainError(NOT_FOUND)
    await requireCapability(tx, actor, first.homepageId, 'manage-categories', true)
    for (const [index, id] of bagIds.entries()) await tx.update(bags).set({ sortKey: index }).where(eq(bags.id, id))
  })
}

async function updateBag(db: Db, actor: Actor, bagId: number, set: Partial<Pick<Bag, 'formats' | 'cardConfig'>>) {
  return db.transaction(async (tx) => {
    const { bag } = await getBag(tx, actor, bagId)
    await requireCapability(tx, actor, bag.homepageId, 'manage-categories', true)
    const [row] = await tx.update(bags).set(set).where(eq(bags.id, bag.id)).returning()
    return bagView(row!)
  })
}

/** The batch format of a category's bookmarks (colour, style, align, weight, size). */
export const setBagFormats = (db: Db, actor: Actor, bagId: number, formats: Formats) =>
  updateBag(db, actor, bagId, { formats })

export const setCardConfig = (db: Db, actor: Actor, bagId: number, cardConfig: CardConfig) =>
  updateBag(db, actor, bagId, { cardConfig })

export const clearCardConfig = (db: Db, actor: Actor, bagId: number) => updateBag(db, actor, bagId, { cardConfig: {} })

/** How many live bookmarks each category holds (for the manage lists). */
export async function countSources(db: Db, bagIds: number[]) {
  if (!bagIds.length) return new Map<number, number>()
  const rows = await db
    .select({ bagId: sources.bagId, n: sql<number>`count(*)::int` })
    .from(sources)
    .where(and(inArray(sources.bagId, bagIds), isNull(sources.deletedAt)))
    .groupBy(sources.bagId)
  return new Map(rows.map((r) => [r.bagId, r.n]))
}

/** Moves a category one place up or down among its siblings (the buttons that work without JS). */
export async function moveBag(db: Db, actor: Actor, bagId: number, direction: 'up' | 'down') {
  await db.transaction(async (tx) => {
    const { bag } = await getBag(tx, actor, bagId)
    await requireCapability(tx, actor, bag.homepageId, 'manage-categories', true)
    const siblings = await tx
      .select({ id: bags.id })
      .from(bags)
      .where(
        and(eq(bags.moduleId, bag.moduleId), bag.parentId ? eq(bags.parentId, bag.parentId) : isNull(bags.parentId), isNull(bags.deletedAt)),
      )
      .orderBy(asc(bags.sortKey), asc(bags.id))
    const ids = siblings.map((s) => s.id)
    const from = ids.indexOf(bag.id)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0 || to >= ids.length) return
    ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
    for (const [index, id] of ids.entries()) await tx.update(bags).set({ sortKey: index }).where(eq(bags.id, id))
  })
}

import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, modules, sources, type Bag, type CardConfig, type Formats } from '#app/db/schema/index.ts'
import { deleteInSteps } from '#app/db/steps.server.ts'
import type { BagInput } from '#app/schemas/content.ts'
import { DomainError } from '#app/utils/errors.ts'
import { type Actor, homepageAccess, NOT_FOUND, requireCapability } from './access.server.ts'
import {
  type BagList,
  liveSiblings,
  mergeOrder,
  moveStep,
  nextPosition,
  placeAfter,
  placeBefore,
  putBack,
  renumber,
  sameList,
  setTrashedKeys,
  type Step,
  writeOrder,
} from './ordering.server.ts'
import { keptParents, restoredPlaces } from './source-move.server.ts'

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
      // A new parent: the category goes last there, and the list it left closes up.
      const from = { moduleId: module.id, parentId: bag.parentId }
      const to = { moduleId: module.id, parentId }
      const moved = !sameList(from, to)
      const [row] = await tx
        .update(bags)
        .set({ ...fields, ...(moved ? { sortKey: await nextPosition(tx, bags, to) } : {}) })
        .where(eq(bags.id, bag.id))
        .returning()
      if (moved) await renumber(tx, bags, from)
      return bagView(row!)
    }
    const sortKey = await nextPosition(tx, bags, { moduleId: module.id, parentId })
    const [row] = await tx
      .insert(bags)
      .values({ ...fields, homepageId: module.homepageId, moduleId: module.id, sortKey })
      .returning()
    return bagView(row!)
  })
}

/** Spec §8: a category (or homepage) moved to the trash. */
export const BAG_DELETED_MSG = '删除成功！您可以在回收站中恢复'

/** Moves a category, its sub-categories and their bookmarks to the trash, as one batch. */
export async function trashBag(db: Db, actor: Actor, bagId: number) {
  await db.transaction(async (tx) => {
    const { bag } = await getBag(tx, actor, bagId)
    await requireCapability(tx, actor, bag.homepageId, 'manage-categories', true)
    const ids = await withDescendants(tx, bag)
    const trashed = { deletedAt: new Date(), deletedBatchId: randomUUID() }
    await tx.update(bags).set(trashed).where(and(inArray(bags.id, ids), isNull(bags.deletedAt)))
    await tx.update(sources).set(trashed).where(and(inArray(sources.bagId, ids), isNull(sources.deletedAt)))
    await renumber(tx, bags, { moduleId: bag.moduleId, parentId: bag.parentId })
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

/**
 * Brings a trashed category back with everything trashed together with it. The root goes back to
 * its old place in its list, or to the end of the top level if its parent is gone; the
 * sub-categories and bookmarks of the batch keep their order.
 */
export async function restoreBag(db: Db, actor: Actor, bagId: number) {
  await db.transaction(async (tx) => {
    const bag = await trashedBag(tx, actor, bagId)
    const batchId = bag.deletedBatchId!
    const batch = await tx.select().from(bags).where(eq(bags.deletedBatchId, batchId))
    const inBatch = new Set(batch.map((b) => b.id))
    const outside = [...new Set(batch.flatMap((b) => (b.parentId && !inBatch.has(b.parentId) ? [b.parentId] : [])))]
    const liveParents = outside.length
      ? await tx
          .select({ id: bags.id, moduleId: bags.moduleId })
          .from(bags)
          .where(and(inArray(bags.id, outside), isNull(bags.deletedAt)))
      : []
    const parentOf = (b: Bag) =>
      b.parentId && (inBatch.has(b.parentId) || liveParents.some((p) => p.id === b.parentId && p.moduleId === b.moduleId)) ? b.parentId : null
    const lists = new Map<string, { list: BagList; rows: Bag[] }>()
    for (const b of batch) {
      const list = { moduleId: b.moduleId, parentId: parentOf(b) }
      const key = `${list.moduleId}:${list.parentId ?? 0}`
      lists.set(key, { list, rows: [...(lists.get(key)?.rows ?? []), b] })
    }
    const keys: { id: number; sortKey: number; parentId: number | null }[] = []
    for (const { list, rows } of lists.values()) {
      const start = await nextPosition(tx, bags, list)
      rows.sort((a, b) => a.sortKey - b.sortKey || a.id - b.id)
      rows.forEach((b, i) => keys.push({ id: b.id, sortKey: start + i, parentId: list.parentId }))
    }
    await setTrashedKeys(tx, bags, keys)
    const batchSources = await tx.select().from(sources).where(eq(sources.deletedBatchId, batchId))
    await setTrashedKeys(tx, sources, (await restoredPlaces(tx, batchSources, await keptParents(tx, batchSources))).keys)
    const live = { deletedAt: null, deletedBatchId: null }
    await tx.update(bags).set(live).where(eq(bags.deletedBatchId, batchId))
    await tx.update(sources).set(live).where(eq(sources.deletedBatchId, batchId))
    // `batch` was read before the new keys: it holds the keys the roots had in the list they left.
    for (const { list, rows } of lists.values()) {
      if (list.parentId && inBatch.has(list.parentId)) continue
      await putBack(tx, bags, list, rows.filter((b) => b.parentId === list.parentId))
    }
  })
}

/** Deletes a trashed category for good, with its sub-categories and bookmarks (those first, in steps: ADR 024). */
export async function deleteBagForever(db: Db, actor: Actor, bagId: number) {
  await deleteInSteps(db, sources, sql`${sources.bagId} in (select id from ${bags} where id = ${bagId} or parent_id = ${bagId})`, {
    guard: (tx) => trashedBag(tx, actor, bagId),
  })
  await db.transaction(async (tx) => {
    const bag = await trashedBag(tx, actor, bagId)
    await tx.delete(bags).where(eq(bags.id, bag.id))
  })
}

/**
 * bag/sort {ids}: sibling categories (one module, one parent) take the given order; siblings not
 * mentioned keep their relative order after them. An id that is not a live sibling: NOT_FOUND.
 */
export async function sortBags(db: Db, actor: Actor, bagIds: number[]) {
  await db.transaction(async (tx) => {
    const ids = [...new Set(bagIds)]
    const rows = ids.length ? await tx.select().from(bags).where(and(inArray(bags.id, ids), isNull(bags.deletedAt))) : []
    const first = rows[0]
    if (!first || rows.length !== ids.length) throw new DomainError(NOT_FOUND)
    await requireCapability(tx, actor, first.homepageId, 'manage-categories', true)
    // Read under the lock: the list as it is now.
    const current = await liveSiblings(tx, bags, { moduleId: first.moduleId, parentId: first.parentId })
    const here = new Set(current)
    if (ids.some((id) => !here.has(id))) throw new DomainError(NOT_FOUND)
    await writeOrder(tx, bags, mergeOrder(current, ids))
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

/** Moves a category among its siblings: up, down (the buttons that work without JS), first, last or a position. */
export async function moveBag(db: Db, actor: Actor, bagId: number, step: Step) {
  await db.transaction(async (tx) => {
    const { bag } = await getBag(tx, actor, bagId)
    await requireCapability(tx, actor, bag.homepageId, 'manage-categories', true)
    const [row] = await tx.select().from(bags).where(and(eq(bags.id, bag.id), isNull(bags.deletedAt)))
    if (!row) throw new DomainError(NOT_FOUND)
    const order = await liveSiblings(tx, bags, { moduleId: row.moduleId, parentId: row.parentId })
    await writeOrder(tx, bags, moveStep(order, row.id, step))
  })
}

export const NOT_UNDER_ITSELF = '不能移动到自己或自己的子分类下'
export const NO_SUB_CATEGORIES = '该模块不支持子分类'

/**
 * Puts a category into list `to` (a module of its homepage; parentId null = top level) at the
 * place `place` computes from that list's current order (without the category). The parent must
 * be live, in that module, not the category itself or below it; a single-level module takes no
 * sub-categories (neither as the parent nor as the category's own). Into another module its
 * sub-categories (live and trashed) follow it. The caller holds the homepage lock, read `bag`
 * under it and checked that `to.moduleId` is of the same homepage.
 */
async function relocateBag(tx: Tx, bag: Bag, to: BagList, place: (order: number[]) => number[]) {
  const { moduleId, parentId } = to
  const descendants = await withDescendants(tx, bag)
  if (parentId) {
    const [parent] = await tx
      .select({ id: bags.id })
      .from(bags)
      .where(and(eq(bags.id, parentId), eq(bags.moduleId, moduleId), isNull(bags.deletedAt)))
    if (!parent) throw new DomainError('上级分类不存在')
    if (descendants.includes(parentId)) throw new DomainError(NOT_UNDER_ITSELF)
  }
  const otherModule = moduleId !== bag.moduleId
  if (parentId || otherModule) {
    const [module] = await tx.select({ moduleType: modules.moduleType }).from(modules).where(eq(modules.id, moduleId))
    if (module?.moduleType === 1 && (parentId || (await hasLiveChildren(tx, bag.id)))) throw new DomainError(NO_SUB_CATEGORIES)
  }
  const from = { moduleId: bag.moduleId, parentId: bag.parentId }
  const same = sameList(from, to)
  const next = place((await liveSiblings(tx, bags, to)).filter((id) => id !== bag.id))
  if (!same) {
    await tx
      .update(bags)
      .set({ moduleId, parentId, sortKey: await nextPosition(tx, bags, to) })
      .where(eq(bags.id, bag.id))
    // Their lists are keyed by parents that move along: no position can clash in the new module.
    const below = descendants.filter((id) => id !== bag.id)
    if (otherModule && below.length) await tx.update(bags).set({ moduleId }).where(inArray(bags.id, below))
  }
  await writeOrder(tx, bags, next)
  if (!same) await renumber(tx, bags, from)
  return { bid: bag.id, moduleId, parentId: parentId ?? 0, position: next.indexOf(bag.id) }
}

async function hasLiveChildren(tx: Tx, bagId: number) {
  const [child] = await tx
    .select({ id: bags.id })
    .from(bags)
    .where(and(eq(bags.parentId, bagId), isNull(bags.deletedAt)))
    .limit(1)
  return Boolean(child)
}

/** A live category of a homepage the actor may manage, read under the homepage lock. */
async function lockedBag(tx: Tx, actor: Actor, bagId: number) {
  const { bag: pre } = await getBag(tx, actor, bagId)
  await requireCapability(tx, actor, pre.homepageId, 'manage-categories', true)
  const [bag] = await tx.select().from(bags).where(and(eq(bags.id, bagId), isNull(bags.deletedAt)))
  if (!bag || bag.homepageId !== pre.homepageId) throw new DomainError(NOT_FOUND)
  return bag
}

/**
 * A relative move of a category within its module: right after `afterId` (null = first), or
 * before `beforeId`, else last; into parent `parentId` (null = top level; absent = the list of
 * afterId / beforeId, else its own).
 */
export async function moveBagRelative(
  db: Db,
  actor: Actor,
  bagId: number,
  input: { afterId?: number | null; beforeId?: number; parentId?: number | null },
) {
  return db.transaction(async (tx) => {
    const bag = await lockedBag(tx, actor, bagId)
    const neighbourId = typeof input.afterId === 'number' ? input.afterId : input.beforeId
    let parentId = bag.parentId
    if (input.parentId !== undefined) parentId = input.parentId || null
    else if (neighbourId !== undefined && neighbourId !== bag.id) {
      const [neighbour] = await tx
        .select()
        .from(bags)
        .where(and(eq(bags.id, neighbourId), eq(bags.moduleId, bag.moduleId), isNull(bags.deletedAt)))
      if (!neighbour) throw new DomainError(NOT_FOUND)
      parentId = neighbour.parentId
    }
    const anchor = input.afterId !== undefined ? input.afterId : input.beforeId
    if (anchor === bag.id) {
      // "After itself": where it is, when it stays in its list.
      if (!sameList({ moduleId: bag.moduleId, parentId }, { moduleId: bag.moduleId, parentId: bag.parentId })) throw new DomainError(NOT_FOUND)
      const order = await liveSiblings(tx, bags, { moduleId: bag.moduleId, parentId })
      return { bid: bag.id, parentId: parentId ?? 0, position: order.indexOf(bag.id) }
    }
    return relocateBag(tx, bag, { moduleId: bag.moduleId, parentId }, (order) => {
      if (typeof anchor === 'number' && !order.includes(anchor)) throw new DomainError(NOT_FOUND)
      if (input.afterId !== undefined) return placeAfter(order, bag.id, input.afterId)
      if (input.beforeId !== undefined) return placeBefore(order, bag.id, input.beforeId)
      return [...order, bag.id]
    })
  })
}

export type SortMultipleInput = { type: 'before' | 'after' | 'inner'; dropId: number; targetId: number }

/**
 * bag/sort-multiple {type, dropId, targetId}: the dragged category goes right before or after
 * the target (into the target's list), or inside it as its last sub-category. The target may be
 * in another module of the same homepage: the category (with its sub-categories) moves there.
 */
export async function sortMultipleBags(db: Db, actor: Actor, input: SortMultipleInput) {
  return db.transaction(async (tx) => {
    const bag = await lockedBag(tx, actor, input.dropId)
    const [target] = await tx
      .select()
      .from(bags)
      .where(and(eq(bags.id, input.targetId), eq(bags.homepageId, bag.homepageId), isNull(bags.deletedAt)))
    if (!target) throw new DomainError(NOT_FOUND)
    if (input.type === 'inner') {
      if (target.id === bag.id) throw new DomainError(NOT_UNDER_ITSELF)
      return relocateBag(tx, bag, { moduleId: target.moduleId, parentId: target.id }, (order) => [...order, bag.id])
    }
    if (target.id === bag.id) {
      const order = await liveSiblings(tx, bags, { moduleId: bag.moduleId, parentId: bag.parentId })
      return { bid: bag.id, moduleId: bag.moduleId, parentId: bag.parentId ?? 0, position: order.indexOf(bag.id) }
    }
    return relocateBag(tx, bag, { moduleId: target.moduleId, parentId: target.parentId }, (order) =>
      input.type === 'before' ? placeBefore(order, bag.id, target.id) : placeAfter(order, bag.id, target.id),
    )
  })
}

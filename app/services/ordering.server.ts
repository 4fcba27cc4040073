import { and, asc, eq, isNull, max, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bags, modules, sources } from '#app/db/schema/index.ts'

/**
 * The one way to write the order of a list (SECURITY.md §0.10, data-model §8). A list is the
 * live siblings of one parent: the modules of a homepage, the categories of a module under one
 * parent category, the bookmarks of a category's top level or of one folder. Positions are
 * unique per list (the `*_order_key` indexes), so every change of order goes through here:
 * callers hold the homepage row lock, read the live siblings with `liveSiblings` (ORDER BY
 * sort_key, id), compute the new order with the pure helpers below and write it with `writeOrder`.
 */

export type OrderTable = typeof modules | typeof bags | typeof sources
export type ModuleList = { homepageId: number }
export type BagList = { moduleId: number; parentId: number | null }
export type SourceList = { bagId: number; parentId: number | null }
export type ListOf<T extends OrderTable> = T extends typeof modules ? ModuleList : T extends typeof bags ? BagList : SourceList

/** The WHERE of a list's live rows. */
export function listWhere<T extends OrderTable>(table: T, list: ListOf<T>): SQL {
  if (table === modules) return eq(modules.homepageId, (list as ModuleList).homepageId)
  if (table === bags) {
    const { moduleId, parentId } = list as BagList
    return and(eq(bags.moduleId, moduleId), parentId ? eq(bags.parentId, parentId) : isNull(bags.parentId), isNull(bags.deletedAt))!
  }
  const { bagId, parentId } = list as SourceList
  return and(eq(sources.bagId, bagId), parentId ? eq(sources.parentId, parentId) : isNull(sources.parentId), isNull(sources.deletedAt))!
}

/** Whether two lists of one table are the same list. */
export function sameList(a: ModuleList | BagList | SourceList, b: ModuleList | BagList | SourceList) {
  const key = (l: Record<string, number | null>) =>
    Object.keys(l)
      .sort()
      .map((k) => `${k}=${l[k] ?? 0}`)
      .join('&')
  return key(a) === key(b)
}

/** The ids of a list's live rows in their order. */
export async function liveSiblings<T extends OrderTable>(tx: Db | Tx, table: T, list: ListOf<T>): Promise<number[]> {
  const t = table as typeof sources
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(listWhere(table, list))
    .orderBy(asc(t.sortKey), asc(t.id))
  return rows.map((r) => r.id)
}

/** The position after the last live row of a list (max + 1; 0 for an empty list): for appends. */
export async function nextPosition<T extends OrderTable>(tx: Db | Tx, table: T, list: ListOf<T>): Promise<number> {
  const t = table as typeof sources
  const [row] = await tx.select({ last: max(t.sortKey) }).from(t).where(listWhere(table, list))
  return (row?.last ?? -1) + 1
}

const values = (ids: readonly number[]) => sql.join(ids.map((id, pos) => sql`(${id}::integer, ${pos}::integer)`), sql`, `)

/**
 * Puts `ids` (ALL live rows of one list, in their new order) at positions 0…n−1. Two statements
 * that never violate the unique index: the rows that change go to distinct negative keys
 * −(pos+1) first (no live row holds a negative key), then to pos. Rows already in place are not
 * written. The caller holds the homepage row lock and read the list under it.
 */
export async function writeOrder(tx: Tx, table: OrderTable, ids: readonly number[]) {
  if (!ids.length) return
  if (new Set(ids).size !== ids.length) throw new Error('writeOrder: duplicate ids')
  await tx.execute(
    sql`update ${table} as t set sort_key = -(v.pos + 1), updated_at = now()
        from (values ${values(ids)}) as v(id, pos)
        where t.id = v.id and t.sort_key <> v.pos`,
  )
  await tx.execute(
    sql`update ${table} as t set sort_key = -t.sort_key - 1
        from (values ${values(ids)}) as v(id, pos)
        where t.id = v.id and t.sort_key < 0`,
  )
}

/** Writes a list's current order densely (0…n−1), e.g. after a row left it. */
export async function renumber<T extends OrderTable>(tx: Tx, table: T, list: ListOf<T>) {
  await writeOrder(tx, table, await liveSiblings(tx, table, list))
}

/**
 * Sets the keys of rows that are NOT live (trashed: outside the partial unique index), e.g. the
 * end positions of a batch about to be restored. Optionally their parent too.
 */
export async function setTrashedKeys(tx: Tx, table: typeof bags | typeof sources, rows: { id: number; sortKey: number; parentId: number | null }[]) {
  if (!rows.length) return
  const list = sql.join(
    rows.map((r) => sql`(${r.id}::integer, ${r.sortKey}::integer, ${r.parentId}::integer)`),
    sql`, `,
  )
  await tx.execute(
    sql`update ${table} as t set sort_key = v.pos, parent_id = v.parent_id
        from (values ${list}) as v(id, pos, parent_id)
        where t.id = v.id and t.deleted_at is not null`,
  )
}

/**
 * Rows just back from the trash in the list they left return to their old places: a trashed row
 * keeps the key it had (the list closed up without it), so each goes back to that position,
 * the lowest first, clamped to the list as it is now. The caller holds the homepage row lock.
 */
export async function putBack<T extends OrderTable>(tx: Tx, table: T, list: ListOf<T>, rows: { id: number; sortKey: number }[]) {
  if (!rows.length) return
  let order = await liveSiblings(tx, table, list)
  for (const r of [...rows].sort((a, b) => a.sortKey - b.sortKey || a.id - b.id)) order = placeAt(order, r.id, r.sortKey + 1)
  await writeOrder(tx, table, order)
}

// ---------------------------------------------------------------------------------------------
// The star list (module −1): a homepage's starred live bookmarks, wherever they sit, in their own
// order (sources.like_sort; rows with equal values keep their id order). It has no unique index:
// a row that is unstarred, trashed or moved keeps its value and simply leaves the list.

const starred = (homepageId: number) =>
  and(eq(sources.homepageId, homepageId), eq(sources.liked, true), isNull(sources.deletedAt))!

/** The ids of a homepage's star list in their order. */
export async function starOrder(tx: Db | Tx, homepageId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: sources.id })
    .from(sources)
    .where(starred(homepageId))
    .orderBy(asc(sources.likeSort), asc(sources.id))
  return rows.map((r) => r.id)
}

/** The place after the last starred bookmark of a homepage: where a newly starred one goes. */
export async function nextStarPosition(tx: Db | Tx, homepageId: number): Promise<number> {
  const [row] = await tx.select({ last: max(sources.likeSort) }).from(sources).where(starred(homepageId))
  return (row?.last ?? -1) + 1
}

/** Puts `ids` (ALL of one star list, in their new order) at like_sort 0…n−1, under the homepage lock. */
export async function writeStarOrder(tx: Tx, ids: readonly number[]) {
  if (!ids.length) return
  if (new Set(ids).size !== ids.length) throw new Error('writeStarOrder: duplicate ids')
  await tx.execute(
    sql`update ${sources} as t set like_sort = v.pos, updated_at = now()
        from (values ${values(ids)}) as v(id, pos)
        where t.id = v.id and t.like_sort <> v.pos`,
  )
}

// ---------------------------------------------------------------------------------------------
// Pure helpers: each returns a new order and leaves its argument alone.

/** `id` right after `afterId` (null = first); `id` may come from another list. */
export function placeAfter(order: readonly number[], id: number, afterId: number | null): number[] {
  const rest = order.filter((x) => x !== id)
  if (afterId === id) return [...order]
  if (afterId === null) return [id, ...rest]
  const at = rest.indexOf(afterId)
  if (at < 0) throw new RangeError(`placeAfter: ${afterId} is not in the list`)
  return [...rest.slice(0, at + 1), id, ...rest.slice(at + 1)]
}

/** `id` right before `beforeId` (null = last); `id` may come from another list. */
export function placeBefore(order: readonly number[], id: number, beforeId: number | null): number[] {
  const rest = order.filter((x) => x !== id)
  if (beforeId === id) return [...order]
  if (beforeId === null) return [...rest, id]
  const at = rest.indexOf(beforeId)
  if (at < 0) throw new RangeError(`placeBefore: ${beforeId} is not in the list`)
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}

/** `id` at a 1-based position, clamped to the list. */
export function placeAt(order: readonly number[], id: number, position: number): number[] {
  const rest = order.filter((x) => x !== id)
  const at = Math.min(Math.max(Math.trunc(position) - 1, 0), rest.length)
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}

export type Step = 'up' | 'down' | 'first' | 'last' | { position: number }

/** The no-JS buttons: one place up or down (nothing at either end), to the first or last place, or to a position. */
export function moveStep(order: readonly number[], id: number, step: Step): number[] {
  const from = order.indexOf(id)
  if (from < 0) throw new RangeError(`moveStep: ${id} is not in the list`)
  if (step === 'first') return placeAt(order, id, 1)
  if (step === 'last') return placeAt(order, id, order.length)
  if (typeof step === 'object') return placeAt(order, id, step.position)
  const to = step === 'up' ? from - 1 : from + 1
  if (to < 0 || to >= order.length) return [...order]
  const next = [...order]
  ;[next[from], next[to]] = [next[to]!, next[from]!]
  return next
}

/**
 * A sort call's list applied to the current one: the given ids first, in the given order; the
 * rows it does not mention keep their relative order after them. Two stale or partial lists
 * applied one after the other still leave a permutation of the current rows. Given ids that are
 * not in `current` are the caller's to refuse (they are left out here).
 */
export function mergeOrder(current: readonly number[], given: readonly number[]): number[] {
  const here = new Set(current)
  const first = [...new Set(given)].filter((id) => here.has(id))
  const mentioned = new Set(first)
  return [...first, ...current.filter((id) => !mentioned.has(id))]
}

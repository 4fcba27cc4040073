import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm'
import { canInGroup } from '#app/auth/group-permissions.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { containing } from '#app/db/like.ts'
import { groupBookmarks, groupCategories, users, type GroupBookmark, type GroupCategory } from '#app/db/schema/index.ts'
import type { GroupBookmarkInput, GroupCategoryInput } from '#app/schemas/group.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'
import { type GroupAccess, logGroup, NOT_FOUND, requireGroup } from './group-access.server.ts'
import { notifyGroup, notifyReviewers } from './group-notices.server.ts'
import { addLinks } from './source.server.ts'

/** A group's categories and bookmarks (spec §3 Group category, Group bookmark), contributions and their review. */

export const CATEGORY_SAVED_MSG = '保存成功'
export const CATEGORY_DELETED_MSG = '删除成功！您可以在分类回收站中恢复'
export const BOOKMARK_ADDED_MSG = '添加成功'
export const CONTRIBUTED_MSG = '投稿成功，管理员审核通过后显示'
export const BOOKMARK_DELETED_MSG = '删除成功！您可以在书签回收站中恢复'
export const RESTORED_MSG = '恢复成功'
export const MOVED_MSG = '移动成功'
export const SORTED_MSG = '排序已保存'
export const REVIEWED_MSG = '审核完成'
export const ALREADY_REVIEWED = '该投稿已处理'
export const APPEALED_MSG = '申诉已提交，请等待管理员处理'
export const CANNOT_APPEAL = '只能申诉被管理员删除的本人投稿'
export const ALREADY_APPEALED = '已提交过申诉'
export const COPIED_MSG = '已添加到我的分类'
export const CATEGORY_TRASHED = '请先恢复该书签所在的分类'
export const CATEGORIES_CHANGED = '分类已变化，请刷新后重试'
export const CONTRIBUTE_BUSY = '操作过于频繁，请稍后再试'
/** A group's limits: a bound on what one group can hold (the spec gives none). */
export const MAX_GROUP_CATEGORIES = 100
export const MAX_CATEGORY_BOOKMARKS = 1000
export const TOO_MANY_CATEGORIES = `每个小组最多${MAX_GROUP_CATEGORIES}个分类`
export const TOO_MANY_GROUP_BOOKMARKS = `每个分类最多${MAX_CATEGORY_BOOKMARKS}个书签`

const liveCategory = isNull(groupCategories.deletedAt)
/** The bookmarks that hold a place in their category's order: not removed, not turned down. */
const ordered = and(isNull(groupBookmarks.deletedAt), ne(groupBookmarks.status, 'rejected'))

export function categoryView(row: GroupCategory) {
  return { id: row.id, cid: row.id, groupId: row.groupId, title: row.title, icon: row.icon, sort: row.sort, ...(row.deletedAt ? { deleteTime: row.deletedAt.toISOString() } : {}) }
}

type BookmarkRow = GroupBookmark & { contributor?: string | null }
export function bookmarkView(row: BookmarkRow) {
  return {
    id: row.id,
    cid: row.categoryId,
    groupId: row.groupId,
    name: row.name,
    url: row.url,
    note: row.note,
    icon: row.icon,
    status: row.status,
    sort: row.sort,
    contributor: row.contributor ?? '',
    appeal: row.appeal ?? '',
    createTime: row.createdAt.toISOString(),
    ...(row.deletedAt ? { deleteTime: row.deletedAt.toISOString() } : {}),
  }
}
export type GroupBookmarkView = ReturnType<typeof bookmarkView>

const WITH_CONTRIBUTOR = { row: groupBookmarks, contributor: users.nickname }
const joined = (rows: Array<{ row: GroupBookmark; contributor: string | null }>) => rows.map((r) => bookmarkView({ ...r.row, contributor: r.contributor }))

/** The group's order of bookmarks across categories: the categories as the sidebar lists them, then each one's own order. */
const IN_GROUP_ORDER = [
  asc(sql`(select ${groupCategories.sort} from ${groupCategories} where ${groupCategories.id} = ${groupBookmarks.categoryId})`),
  asc(groupBookmarks.categoryId),
  asc(groupBookmarks.sort),
  asc(groupBookmarks.id),
]

/** One page of the bookmarks matching `where`, each with its contributor's name, and how many match. */
async function bookmarkPage(db: Db, where: SQL | undefined, order: SQL[], { page, size }: { page: number; size: number }) {
  const rows = await db
    .select(WITH_CONTRIBUTOR)
    .from(groupBookmarks)
    .leftJoin(users, eq(users.id, groupBookmarks.userId))
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(groupBookmarks).where(where)
  return { list: joined(rows), total: total?.n ?? 0 }
}

/** Closes the gaps of a category's order: its live bookmarks are 1…n again, in the order they had. */
async function renumberBookmarks(tx: Tx, categoryId: number) {
  await tx.execute(sql`
    update ${groupBookmarks} b set sort = r.n
    from (select id, row_number() over (order by sort, id)::int as n from ${groupBookmarks}
          where category_id = ${categoryId} and deleted_at is null and status <> 'rejected') r
    where b.id = r.id and b.sort <> r.n`)
}

async function renumberCategories(tx: Tx, groupId: number) {
  await tx.execute(sql`
    update ${groupCategories} c set sort = r.n
    from (select id, row_number() over (order by sort, id)::int as n from ${groupCategories}
          where group_id = ${groupId} and deleted_at is null) r
    where c.id = r.id and c.sort <> r.n`)
}

/** The place after the last in a category (callers hold the group's lock). */
async function nextBookmarkSort(tx: Tx, categoryId: number) {
  const [row] = await tx.select({ last: max(groupBookmarks.sort), n: count() }).from(groupBookmarks).where(and(eq(groupBookmarks.categoryId, categoryId), ordered))
  if ((row?.n ?? 0) >= MAX_CATEGORY_BOOKMARKS) throw new DomainError(TOO_MANY_GROUP_BOOKMARKS)
  return (row?.last ?? 0) + 1
}

/** A category of the group (live unless `trashed`), else NOT_FOUND. */
async function categoryOf(db: Db | Tx, categoryId: number, trashed = false) {
  const [row] = await db.select().from(groupCategories).where(eq(groupCategories.id, categoryId))
  if (!row || Boolean(row.deletedAt) !== trashed) throw new DomainError(NOT_FOUND)
  return row
}

/** A category and the actor's access to its group, for `need`. */
async function categoryAccess(db: Db | Tx, actor: Actor, categoryId: number, need: Parameters<typeof requireGroup>[3], { lock = false, trashed = false } = {}) {
  const category = await categoryOf(db, categoryId, trashed)
  const access = await requireGroup(db, actor, category.groupId, need, { lock })
  // Re-read under the lock: a parallel delete may have come first.
  return { ...access, category: lock ? await categoryOf(db, categoryId, trashed) : category }
}

async function bookmarkOf(db: Db | Tx, id: number) {
  const [row] = await db.select().from(groupBookmarks).where(eq(groupBookmarks.id, id))
  if (!row) throw new DomainError(NOT_FOUND)
  return row
}

/**
 * A bookmark as this actor may see it: approved and live for anyone who sees the group; a pending
 * one for its contributor and the reviewers; a removed one for those who may restore it.
 */
function assertBookmarkVisible(row: GroupBookmark, actor: Actor, access: GroupAccess) {
  const reviewer = canInGroup(access.role, 'edit-bookmarks')
  if (row.deletedAt && !reviewer && row.userId !== actor?.id) throw new DomainError(NOT_FOUND)
  if (row.status !== 'approved' && !reviewer && row.userId !== actor?.id) throw new DomainError(NOT_FOUND)
}

// ---------------------------------------------------------------- categories

/** category: the group's categories in order (status 1: its category trash, for those who manage them). */
export async function listCategories(db: Db, actor: Actor, input: { groupId: number; page: number; size: number; status: 0 | 1 }) {
  const trash = input.status === 1
  await requireGroup(db, actor, input.groupId, trash ? 'manage-categories' : 'view')
  const where = and(eq(groupCategories.groupId, input.groupId), trash ? isNotNull(groupCategories.deletedAt) : liveCategory)
  const rows = await db
    .select()
    .from(groupCategories)
    .where(where)
    .orderBy(trash ? desc(groupCategories.deletedAt) : asc(groupCategories.sort), asc(groupCategories.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size)
  const [total] = await db.select({ n: count() }).from(groupCategories).where(where)
  return { list: rows.map(categoryView), total: total?.n ?? 0 }
}

/** category-detail. */
export async function categoryDetail(db: Db, actor: Actor, categoryId: number) {
  const { category } = await categoryAccess(db, actor, categoryId, 'view')
  return categoryView(category)
}

/** add-category: a new category at the end, or (with id) a new title and icon. */
export async function saveCategory(db: Db, actor: Actor, input: GroupCategoryInput) {
  return db.transaction(async (tx) => {
    await requireGroup(tx, actor, input.groupId, 'manage-categories', { lock: true })
    if (input.id) {
      const category = await categoryOf(tx, input.id)
      if (category.groupId !== input.groupId) throw new DomainError(NOT_FOUND)
      const [row] = await tx.update(groupCategories).set({ title: input.title, icon: input.icon }).where(eq(groupCategories.id, input.id)).returning()
      await logGroup(tx, input.groupId, actor, 'edit-category', input.title)
      return categoryView(row!)
    }
    const [have] = await tx.select({ n: count(), last: max(groupCategories.sort) }).from(groupCategories).where(and(eq(groupCategories.groupId, input.groupId), liveCategory))
    if ((have?.n ?? 0) >= MAX_GROUP_CATEGORIES) throw new DomainError(TOO_MANY_CATEGORIES)
    const [row] = await tx
      .insert(groupCategories)
      .values({ groupId: input.groupId, title: input.title, icon: input.icon, sort: (have?.last ?? 0) + 1 })
      .returning()
    await logGroup(tx, input.groupId, actor, 'add-category', input.title)
    return categoryView(row!)
  })
}

/** sort-category: the group's live categories in the order given (every one of them, each once). */
export async function sortCategories(db: Db, actor: Actor, ids: number[]) {
  return db.transaction(async (tx) => {
    if (!ids.length) throw new DomainError(NOT_FOUND)
    const first = await categoryOf(tx, ids[0]!)
    await requireGroup(tx, actor, first.groupId, 'manage-categories', { lock: true })
    const current = await tx.select({ id: groupCategories.id }).from(groupCategories).where(and(eq(groupCategories.groupId, first.groupId), liveCategory))
    const known = new Set(current.map((c) => c.id))
    // Each live category once: a repeated id would leave another one's place empty or doubled.
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new DomainError(CATEGORIES_CHANGED)
    for (const [i, id] of ids.entries()) await tx.update(groupCategories).set({ sort: i + 1 }).where(eq(groupCategories.id, id))
    await logGroup(tx, first.groupId, actor, 'sort-category')
  })
}

/** delete-category: to the group's category trash, its bookmarks with it (they come back with it). */
export async function trashCategory(db: Db, actor: Actor, categoryId: number) {
  return db.transaction(async (tx) => {
    const { category } = await categoryAccess(tx, actor, categoryId, 'manage-categories', { lock: true })
    await tx.update(groupCategories).set({ deletedAt: sql`now()` }).where(eq(groupCategories.id, categoryId))
    await renumberCategories(tx, category.groupId)
    await logGroup(tx, category.groupId, actor, 'delete-category', category.title)
  })
}

/** restore-category: back at the end of the group's categories. */
export async function restoreCategory(db: Db, actor: Actor, categoryId: number) {
  return db.transaction(async (tx) => {
    const { category } = await categoryAccess(tx, actor, categoryId, 'manage-categories', { lock: true, trashed: true })
    const [have] = await tx.select({ n: count(), last: max(groupCategories.sort) }).from(groupCategories).where(and(eq(groupCategories.groupId, category.groupId), liveCategory))
    if ((have?.n ?? 0) >= MAX_GROUP_CATEGORIES) throw new DomainError(TOO_MANY_CATEGORIES)
    await tx.update(groupCategories).set({ deletedAt: null, sort: (have?.last ?? 0) + 1 }).where(eq(groupCategories.id, categoryId))
    await logGroup(tx, category.groupId, actor, 'restore-category', category.title)
  })
}

// ---------------------------------------------------------------- bookmarks

/**
 * bookmark: a category's bookmarks in order (with no category: the whole group's, by category).
 * `pending`: the contributions waiting for review — all of them for a reviewer, one's own for a member.
 */
export async function listBookmarks(db: Db, actor: Actor, input: { groupId: number; categoryId?: number; page: number; size: number; pending?: boolean }) {
  const access = await requireGroup(db, actor, input.groupId, 'view')
  if (input.categoryId) {
    const category = await categoryOf(db, input.categoryId)
    if (category.groupId !== input.groupId) throw new DomainError(NOT_FOUND)
  }
  const reviewer = canInGroup(access.role, 'review')
  const status = input.pending
    ? and(eq(groupBookmarks.status, 'pending'), reviewer ? undefined : eq(groupBookmarks.userId, actor?.id ?? 0))
    : eq(groupBookmarks.status, 'approved')
  const liveCategories = db.select({ id: groupCategories.id }).from(groupCategories).where(and(eq(groupCategories.groupId, input.groupId), liveCategory))
  const where = and(
    eq(groupBookmarks.groupId, input.groupId),
    input.categoryId ? eq(groupBookmarks.categoryId, input.categoryId) : inArray(groupBookmarks.categoryId, liveCategories),
    isNull(groupBookmarks.deletedAt),
    status,
  )
  return bookmarkPage(db, where, IN_GROUP_ORDER, input)
}

/** bookmark-detail. */
export async function bookmarkDetail(db: Db, actor: Actor, id: number) {
  const row = await bookmarkOf(db, id)
  const access = await requireGroup(db, actor, row.groupId, 'view')
  assertBookmarkVisible(row, actor, access)
  const [contributor] = row.userId ? await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, row.userId)) : []
  return bookmarkView({ ...row, contributor: contributor?.nickname })
}

/**
 * add-bookmark: an administrator's new link shows at once; a member's is a contribution that waits
 * for review (its reviewers hear of it). With `id`, an administrator edits one.
 */
export async function saveGroupBookmark(db: Db, actor: Actor, input: GroupBookmarkInput) {
  const fields = { name: input.name, url: input.url, note: input.note, icon: input.icon }
  if (!input.id && actor) await consumeOrThrow(db, 'groupContribute', `user:${actor.id}`, CONTRIBUTE_BUSY)
  return db.transaction(async (tx) => {
    if (input.id) {
      const { category } = await categoryAccess(tx, actor, input.cid, 'edit-bookmarks', { lock: true })
      // Read under the lock: a parallel move or delete may have come first (its old category is renumbered below).
      const row = await bookmarkOf(tx, input.id)
      if (row.deletedAt || row.status === 'rejected' || row.groupId !== category.groupId) throw new DomainError(NOT_FOUND)
      const moved = row.categoryId !== category.id
      const [updated] = await tx
        .update(groupBookmarks)
        .set({ ...fields, categoryId: category.id, ...(moved ? { sort: await nextBookmarkSort(tx, category.id) } : {}) })
        .where(eq(groupBookmarks.id, row.id))
        .returning()
      if (moved) await renumberBookmarks(tx, row.categoryId)
      await logGroup(tx, row.groupId, actor, 'edit-bookmark', input.name)
      return { bookmark: bookmarkView(updated!), msg: CATEGORY_SAVED_MSG }
    }
    const { category, group, role } = await categoryAccess(tx, actor, input.cid, ['edit-bookmarks', 'contribute'], { lock: true })
    const contribution = !canInGroup(role, 'edit-bookmarks')
    const [created] = await tx
      .insert(groupBookmarks)
      .values({
        ...fields,
        groupId: group.id,
        categoryId: category.id,
        userId: actor!.id,
        status: contribution ? 'pending' : 'approved',
        sort: await nextBookmarkSort(tx, category.id),
      })
      .returning()
    await logGroup(tx, group.id, actor, contribution ? 'contribute' : 'add-bookmark', input.name)
    if (contribution) await notifyReviewers(tx, group, actor!, '新的投稿', `投稿了书签「${input.name}」，等待审核`)
    return { bookmark: bookmarkView({ ...created!, contributor: actor!.nickname }), msg: contribution ? CONTRIBUTED_MSG : BOOKMARK_ADDED_MSG }
  })
}

/** move-bookmark: one place up or down in its category, or (cmd move) to the end of another category of the group. */
export async function moveGroupBookmark(db: Db, actor: Actor, input: { id: number; targetCid?: number; cmd: 'up' | 'down' | 'move' }) {
  return db.transaction(async (tx) => {
    const row = await bookmarkOf(tx, input.id)
    const { group } = await requireGroup(tx, actor, row.groupId, 'edit-bookmarks', { lock: true })
    const current = await bookmarkOf(tx, input.id)
    if (current.deletedAt || current.status === 'rejected') throw new DomainError(NOT_FOUND)
    if (input.cmd === 'move') {
      const target = await categoryOf(tx, input.targetCid ?? 0)
      if (target.groupId !== group.id) throw new DomainError(NOT_FOUND)
      if (target.id === current.categoryId) return { msg: MOVED_MSG }
      await tx.update(groupBookmarks).set({ categoryId: target.id, sort: await nextBookmarkSort(tx, target.id) }).where(eq(groupBookmarks.id, current.id))
      await renumberBookmarks(tx, current.categoryId)
    } else {
      const sort = input.cmd === 'up' ? current.sort - 1 : current.sort + 1
      const [neighbour] = await tx
        .select({ id: groupBookmarks.id })
        .from(groupBookmarks)
        .where(and(eq(groupBookmarks.categoryId, current.categoryId), ordered, eq(groupBookmarks.sort, sort)))
      if (!neighbour) return { msg: MOVED_MSG }
      await tx.update(groupBookmarks).set({ sort: current.sort }).where(eq(groupBookmarks.id, neighbour.id))
      await tx.update(groupBookmarks).set({ sort }).where(eq(groupBookmarks.id, current.id))
    }
    await logGroup(tx, group.id, actor, 'move-bookmark', current.name)
    return { msg: MOVED_MSG }
  })
}

/** delete-bookmark: to the bookmark trash; a contributor whose link an administrator removed is told, and may appeal. */
export async function trashGroupBookmark(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await bookmarkOf(tx, id)
    const { group } = await requireGroup(tx, actor, row.groupId, 'edit-bookmarks', { lock: true })
    const current = await bookmarkOf(tx, id)
    if (current.deletedAt || current.status === 'rejected') throw new DomainError(NOT_FOUND)
    await tx.update(groupBookmarks).set({ deletedAt: sql`now()`, appeal: null }).where(eq(groupBookmarks.id, id))
    await renumberBookmarks(tx, current.categoryId)
    await logGroup(tx, group.id, actor, 'delete-bookmark', current.name)
    // Only a shown link may be appealed (appealBookmark): a removed contribution is not offered one.
    if (current.userId && current.userId !== actor!.id) {
      const appealable = current.status === 'approved'
      await notifyGroup(tx, current.userId, group, actor!, appealable ? '书签被删除' : '投稿被删除', appealable ? `删除了你的书签「${current.name}」，如有异议可申诉` : `删除了你的投稿「${current.name}」`)
    }
  })
}

/** restore-bookmark: back at the end of its category (an appeal on it is accepted by this). */
export async function restoreGroupBookmark(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await bookmarkOf(tx, id)
    const { group } = await requireGroup(tx, actor, row.groupId, 'edit-bookmarks', { lock: true })
    const current = await bookmarkOf(tx, id)
    if (!current.deletedAt) throw new DomainError(NOT_FOUND)
    await restoreIn(tx, actor, group, current)
  })
}

/** bookmark-trash: the group's removed bookmarks, newest removal first (5 a page), appeals marked. */
export async function bookmarkTrash(db: Db, actor: Actor, input: { groupId: number; page: number; size: number }) {
  await requireGroup(db, actor, input.groupId, 'edit-bookmarks')
  const where = and(eq(groupBookmarks.groupId, input.groupId), isNotNull(groupBookmarks.deletedAt))
  return bookmarkPage(db, where, [sql`${groupBookmarks.appeal} = 'pending' desc nulls last`, desc(groupBookmarks.deletedAt), desc(groupBookmarks.id)], input)
}

/** search-bookmark: the group's shown bookmarks whose name, address or note contains `wd` (5 a page). */
export async function searchGroupBookmarks(db: Db, actor: Actor, input: { groupId: number; wd: string; page: number; size: number }) {
  await requireGroup(db, actor, input.groupId, 'view')
  const wd = input.wd.trim()
  if (!wd) return { list: [], total: 0 }
  const pattern = containing(wd)
  const liveCategories = db.select({ id: groupCategories.id }).from(groupCategories).where(and(eq(groupCategories.groupId, input.groupId), liveCategory))
  const where = and(
    eq(groupBookmarks.groupId, input.groupId),
    eq(groupBookmarks.status, 'approved'),
    isNull(groupBookmarks.deletedAt),
    inArray(groupBookmarks.categoryId, liveCategories),
    or(ilike(groupBookmarks.name, pattern), ilike(groupBookmarks.url, pattern), ilike(groupBookmarks.note, pattern)),
  )
  return bookmarkPage(db, where, IN_GROUP_ORDER, input)
}

// ---------------------------------------------------------------- review and appeal

/**
 * review-contribute {id, status}: an administrator approves a pending contribution (it shows) or
 * turns it down (it leaves the order). The same call decides an appeal of a removed one: approved
 * restores it, turned down closes the appeal. A decided item is not decided again (a double
 * submit approves once: the group's lock serialises them).
 */
export async function reviewContribution(db: Db, actor: Actor, input: { id: number; status: 'approved' | 'rejected' }) {
  return db.transaction(async (tx) => {
    const row = await bookmarkOf(tx, input.id)
    const { group } = await requireGroup(tx, actor, row.groupId, 'review', { lock: true })
    const current = await bookmarkOf(tx, input.id)
    if (current.deletedAt && current.appeal === 'pending') {
      if (input.status === 'approved') return restoreIn(tx, actor, group, current)
      await tx.update(groupBookmarks).set({ appeal: 'rejected' }).where(eq(groupBookmarks.id, current.id))
      await logGroup(tx, group.id, actor, 'reject-appeal', current.name)
      if (current.userId) await notifyGroup(tx, current.userId, group, actor!, '申诉未通过', `驳回了你对书签「${current.name}」的申诉`)
      return { status: 'rejected' as const }
    }
    if (current.deletedAt || current.status !== 'pending') throw new DomainError(ALREADY_REVIEWED)
    await tx.update(groupBookmarks).set({ status: input.status }).where(eq(groupBookmarks.id, current.id))
    if (input.status === 'rejected') await renumberBookmarks(tx, current.categoryId)
    const approved = input.status === 'approved'
    await logGroup(tx, group.id, actor, approved ? 'approve-contribute' : 'reject-contribute', current.name)
    if (current.userId) {
      await notifyGroup(tx, current.userId, group, actor!, approved ? '投稿已通过' : '投稿未通过', `${approved ? '通过' : '拒绝'}了你的投稿「${current.name}」`)
    }
    return { status: input.status }
  })
}

/** Puts a removed bookmark back at the end of its category; its contributor hears of it when it answers their appeal. */
async function restoreIn(tx: Tx, actor: Actor, group: GroupAccess['group'], row: GroupBookmark) {
  const category = await categoryOf(tx, row.categoryId).catch(() => {
    throw new DomainError(CATEGORY_TRASHED)
  })
  await tx.update(groupBookmarks).set({ deletedAt: null, appeal: null, sort: await nextBookmarkSort(tx, category.id) }).where(eq(groupBookmarks.id, row.id))
  await logGroup(tx, group.id, actor, 'restore-bookmark', row.name)
  if (row.appeal === 'pending' && row.userId) await notifyGroup(tx, row.userId, group, actor!, '申诉已通过', `恢复了你的书签「${row.name}」`)
  return { status: 'approved' as const }
}

/** appeal {bookmarkId}: the contributor of a removed bookmark asks for it back; the reviewers hear of it. Once. */
export async function appealBookmark(db: Db, actor: Actor, bookmarkId: number) {
  return db.transaction(async (tx) => {
    const row = await bookmarkOf(tx, bookmarkId)
    const { group } = await requireGroup(tx, actor, row.groupId, 'appeal', { lock: true })
    const current = await bookmarkOf(tx, bookmarkId)
    if (current.userId !== actor!.id || !current.deletedAt || current.status !== 'approved') throw new DomainError(CANNOT_APPEAL)
    if (current.appeal) throw new DomainError(ALREADY_APPEALED)
    await tx.update(groupBookmarks).set({ appeal: 'pending' }).where(eq(groupBookmarks.id, bookmarkId))
    await logGroup(tx, group.id, actor, 'appeal', current.name)
    await notifyReviewers(tx, group, actor!, '新的申诉', `申诉了被删除的书签「${current.name}」`)
  })
}

// ---------------------------------------------------------------- into one's own homepage

/** Approved, not removed, in a live category (a category in the trash hides its bookmarks). */
async function shownBookmarks(db: Db, actor: Actor, ids: number[]) {
  const rows = (
    await db
      .select({ row: groupBookmarks })
      .from(groupBookmarks)
      .innerJoin(groupCategories, eq(groupCategories.id, groupBookmarks.categoryId))
      .where(and(inArray(groupBookmarks.id, ids), eq(groupBookmarks.status, 'approved'), isNull(groupBookmarks.deletedAt), liveCategory))
  ).map((r) => r.row)
  if (rows.length !== ids.length) throw new DomainError(NOT_FOUND)
  const seen = new Set<number>()
  for (const row of rows) {
    if (seen.has(row.groupId)) continue
    await requireGroup(db, actor, row.groupId, 'copy')
    seen.add(row.groupId)
  }
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id)!)
}

/** copy-bookmark {bsId, categoryId}: one shown bookmark into one of the actor's categories (its 100-children limit holds). */
export async function copyGroupBookmark(db: Db, actor: Actor, input: { bookmarkId: number; categoryId: number }) {
  const [row] = await shownBookmarks(db, actor, [input.bookmarkId])
  const [added] = await addLinks(db, actor, input.categoryId, [row!])
  return { bookmark: added, msg: COPIED_MSG }
}

/** collect {bid, ids}: several shown bookmarks into one category of the actor's, all or none. */
export async function collectGroupBookmarks(db: Db, actor: Actor, input: { bagId: number; ids: number[] }) {
  const rows = await shownBookmarks(db, actor, input.ids)
  const added = await addLinks(db, actor, input.bagId, rows)
  return { list: added, msg: COPIED_MSG }
}


// ---------------------------------------------------------------- the contributor's own

/**
 * 我的投稿: the actor's own bookmarks in the group that are not simply shown — waiting for review,
 * turned down, or removed (with the state of their appeal) — newest first. For whoever sees the group.
 */
export async function myContributions(db: Db, actor: Actor, input: { groupId: number; page: number; size: number }) {
  await requireGroup(db, actor, input.groupId, 'view')
  if (!actor) throw new NotSignedInError()
  const where = and(
    eq(groupBookmarks.groupId, input.groupId),
    eq(groupBookmarks.userId, actor.id),
    or(ne(groupBookmarks.status, 'approved'), isNotNull(groupBookmarks.deletedAt)),
  )
  return bookmarkPage(db, where, [desc(groupBookmarks.updatedAt), desc(groupBookmarks.id)], input)
}

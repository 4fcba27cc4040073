import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { groupApplies, groupBookmarks, groupMembers, groups, groupStars, users, type Group } from '#app/db/schema/index.ts'
import type { BannerKey, GroupInput } from '#app/schemas/group.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'
import { groupAccess, logGroup, requireGroup } from './group-access.server.ts'

/** Groups themselves (spec §3 Group; /api/group add, delete, lists, star, trash, index mode, banner). */

export const GROUP_SAVED_MSG = '保存成功'
export const GROUP_DELETED_MSG = '删除成功！您可以在小组回收站中恢复'
export const GROUP_RESTORED_MSG = '恢复成功'
export const STARRED_MSG = '收藏成功'
export const BANNER_SAVED_MSG = '横幅已保存'
export const UNSTARRED_MSG = '已取消收藏'
export const INDEX_MODE_MSG = '首页模式已切换'
/** How many groups one person may own (trashed ones included): a bound on what one account can make. */
export const MAX_OWN_GROUPS = 20
export const TOO_MANY_GROUPS = `每人最多创建${MAX_OWN_GROUPS}个小组`

const memberAmount = sql<number>`(select count(*)::int + 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`.as('member_amount')
const bookmarkAmount = sql<number>`(select count(*)::int from ${groupBookmarks}
  where ${groupBookmarks.groupId} = ${groups.id} and ${groupBookmarks.status} = 'approved' and ${groupBookmarks.deletedAt} is null)`.as('bookmark_amount')

const CARD = {
  id: groups.id,
  name: groups.name,
  summary: groups.summary,
  icon: groups.icon,
  isOpen: groups.isOpen,
  createdAt: groups.createdAt,
  deletedAt: groups.deletedAt,
  memberAmount,
  bookmarkAmount,
  ownerName: users.nickname,
}
type CardRow = { id: number; name: string; summary: string; icon: string; isOpen: boolean; createdAt: Date; deletedAt: Date | null; memberAmount: number; bookmarkAmount: number; ownerName: string }

/** A group as the lists show it: what its card says, never more. */
export function groupCard(row: CardRow) {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    icon: row.icon,
    isOpen: row.isOpen,
    memberAmount: row.memberAmount,
    bookmarkAmount: row.bookmarkAmount,
    creator: row.ownerName,
    createTime: row.createdAt.toISOString(),
    ...(row.deletedAt ? { deleteTime: row.deletedAt.toISOString() } : {}),
  }
}
export type GroupCard = ReturnType<typeof groupCard>

/** One page of cards matching `where`, newest first unless `order` says otherwise. */
async function cardPage(db: Db, where: SQL | undefined, { page, size }: { page: number; size: number }, order: SQL[] = [desc(groups.id)]) {
  const rows = await db
    .select(CARD)
    .from(groups)
    .innerJoin(users, eq(users.id, groups.userId))
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(groups).where(where)
  return { list: rows.map(groupCard), total: total?.n ?? 0, page, size }
}

const live = isNull(groups.deletedAt)

/** The lists of /group: explore (open groups), and the actor's own (spec §7 *-list; 20 a page). */
export type GroupList = 'open' | 'recommend' | 'create' | 'join' | 'contribute' | 'star' | 'trash'

export async function listGroups(db: Db, actor: Actor, which: GroupList, paging: { page: number; size: number }) {
  if (which === 'open') return cardPage(db, and(live, eq(groups.isOpen, true)), paging)
  // Recommended: the open groups with the most bookmarks, then the most people.
  if (which === 'recommend') return cardPage(db, and(live, eq(groups.isOpen, true)), paging, [desc(bookmarkAmount), desc(memberAmount), desc(groups.id)])
  if (!actor) throw new NotSignedInError()
  const mine = eq(groups.userId, actor.id)
  if (which === 'create') return cardPage(db, and(live, mine), paging)
  const joined = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, actor.id))
  if (which === 'join') return cardPage(db, and(live, inArray(groups.id, joined)), paging)
  const starred = db.select({ id: groupStars.groupId }).from(groupStars).where(eq(groupStars.userId, actor.id))
  if (which === 'star') return cardPage(db, and(live, inArray(groups.id, starred)), paging)
  if (which === 'trash') return cardPage(db, and(mine, isNotNull(groups.deletedAt)), paging, [desc(groups.deletedAt)])
  const contributed = db.selectDistinct({ id: groupBookmarks.groupId }).from(groupBookmarks).where(eq(groupBookmarks.userId, actor.id))
  return cardPage(db, and(live, inArray(groups.id, contributed)), paging)
}

/** detail: the group's card, and what the actor is to it (role, star, application) — for anyone, so closed groups can be applied to. */
export async function groupDetail(db: Db, actor: Actor, groupId: number) {
  const { group, role, seesContent } = await groupAccess(db, actor, groupId)
  const [row] = await db.select(CARD).from(groups).innerJoin(users, eq(users.id, groups.userId)).where(eq(groups.id, groupId))
  const [star] = actor
    ? await db.select({ n: count() }).from(groupStars).where(and(eq(groupStars.groupId, groupId), eq(groupStars.userId, actor.id)))
    : [{ n: 0 }]
  return {
    ...groupCard(row!),
    indexMode: group.indexMode,
    banner: group.banner,
    role,
    seesContent,
    isStar: (star?.n ?? 0) > 0,
  }
}
export type GroupDetail = Awaited<ReturnType<typeof groupDetail>>

/** add: creates a group (anyone signed in; they own it) or, with `id`, edits it (the owner). */
export async function saveGroup(db: Db, actor: Actor, input: GroupInput) {
  if (!actor) throw new NotSignedInError()
  const fields = { name: input.name, summary: input.summary, icon: input.icon, isOpen: input.isOpen }
  return db.transaction(async (tx) => {
    if (input.id) {
      await requireGroup(tx, actor, input.id, 'edit-group', { lock: true })
      await tx.update(groups).set(fields).where(eq(groups.id, input.id))
      await logGroup(tx, input.id, actor, 'edit', input.name)
      return { id: input.id }
    }
    // The owner's row serialises their creations, so the limit holds under parallel requests.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update')
    const [owned] = await tx.select({ n: count() }).from(groups).where(eq(groups.userId, actor.id))
    if ((owned?.n ?? 0) >= MAX_OWN_GROUPS) throw new DomainError(TOO_MANY_GROUPS)
    const [created] = await tx.insert(groups).values({ ...fields, userId: actor.id }).returning({ id: groups.id })
    await logGroup(tx, created!.id, actor, 'create', input.name)
    return { id: created!.id }
  })
}

/** delete: the owner moves the group to their group trash; nobody sees it until it is restored. */
export async function trashGroup(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, actor, groupId, 'delete-group', { lock: true })
    await tx.update(groups).set({ deletedAt: sql`now()` }).where(eq(groups.id, groupId))
    await logGroup(tx, groupId, actor, 'delete', group.name)
  })
}

/** restore-group: back from the trash. */
export async function restoreGroup(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, actor, groupId, 'delete-group', { lock: true, trashed: true })
    await tx.update(groups).set({ deletedAt: null }).where(eq(groups.id, groupId))
    await logGroup(tx, groupId, actor, 'restore', group.name)
  })
}

/** mark-star: toggles the group in the actor's 我的收藏. */
export async function toggleGroupStar(db: Db, actor: Actor, groupId: number) {
  await requireGroup(db, actor, groupId, 'star')
  const mine = and(eq(groupStars.groupId, groupId), eq(groupStars.userId, actor!.id))
  const removed = await db.delete(groupStars).where(mine).returning({ id: groupStars.groupId })
  if (removed.length) return { isStar: false, msg: UNSTARRED_MSG }
  await db.insert(groupStars).values({ groupId, userId: actor!.id }).onConflictDoNothing()
  return { isStar: true, msg: STARRED_MSG }
}

/** change-index-mode: the group page opens on its categories one at a time, or on every bookmark. */
export async function toggleIndexMode(db: Db, actor: Actor, groupId: number) {
  return db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, actor, groupId, 'edit-group', { lock: true })
    const indexMode = group.indexMode === 'all' ? 'category' : 'all'
    await tx.update(groups).set({ indexMode }).where(eq(groups.id, groupId))
    await logGroup(tx, groupId, actor, 'index-mode')
    return { indexMode }
  })
}

/** save-banner-params: one key of the banner (validated by BannerParamsSchema). */
export async function saveBannerParam(db: Db, actor: Actor, input: { groupId: number; key: BannerKey; value: string }) {
  return db.transaction(async (tx) => {
    const { group } = await requireGroup(tx, actor, input.groupId, 'edit-group', { lock: true })
    const banner = { ...group.banner, [input.key]: input.value }
    await tx.update(groups).set({ banner }).where(eq(groups.id, input.groupId))
    await logGroup(tx, input.groupId, actor, 'banner')
    return { banner }
  })
}

/**
 * Account deletion (ADR 032): a group whose owner leaves passes to its longest-standing
 * administrator, else its longest-standing member; a group with nobody else goes with the account.
 */
export async function handOverGroups(tx: Tx, userId: number) {
  const owned: Array<Pick<Group, 'id'>> = await tx.select({ id: groups.id }).from(groups).where(eq(groups.userId, userId)).orderBy(groups.id).for('no key update')
  for (const { id } of owned) {
    const [heir] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, id))
      .orderBy(sql`${groupMembers.permission} = 'admin' desc`, groupMembers.createdAt, groupMembers.userId)
      .limit(1)
    if (!heir) continue
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, heir.userId)))
    await tx.update(groups).set({ userId: heir.userId }).where(eq(groups.id, id))
  }
  await tx.delete(groupApplies).where(eq(groupApplies.userId, userId))
}

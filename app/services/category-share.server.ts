import { containing } from '#app/db/like.ts'
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bagFollows, bagShares, bags, homepages, modules, sources, users } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { z } from '#app/schemas/zod.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, NOT_FOUND, requireCapability } from './access.server.ts'
import { SOURCE_VIEW_COLUMNS, sourceView } from './source.server.ts'
import { nameText } from '#app/schemas/text.ts'

/**
 * Category share (spec §4): the owner shares one category, with an optional remark, at
 * /collection/{bid}; anyone may read it there (only that category, private bookmarks masked,
 * notes left out), signed-in users follow it. Cancelling makes it private again.
 */

export const REMARK_MSG = '分项名称不能超过30个字'
export const SHARED_MSG = '分享成功'
export const UNSHARED_MSG = '已取消分享'
export const BAG_FOLLOWED_MSG = '已关注！您可以在【个人中心 - 我关注的分类】查看'
export const BAG_UNFOLLOWED_MSG = '已取消关注'
export const SHARE_PAGE_SIZE = 5

export const BagShareSchema = z.object({
  remark: nameText({ max: 30, tooLong: REMARK_MSG })
    .optional()
    .transform((v) => v ?? ''),
})

export const collectionHref = (bid: number) => `/collection/${bid}`

/** A live category of the owner's, for sharing it; others get NOT_FOUND or FORBIDDEN like any owner call. */
async function ownBag(db: Db | Tx, actor: Actor, bid: number, lock = false) {
  const [bag] = await db
    .select()
    .from(bags)
    .where(and(eq(bags.id, bid), isNull(bags.deletedAt)))
  if (!bag) throw new DomainError(NOT_FOUND)
  await requireCapability(db, actor, bag.homepageId, 'share', lock)
  return bag
}

/** bag/share: shares the category (or updates its remark); answers the public link. */
export function shareBag(db: Db, actor: Actor, bid: number, remark: string) {
  // The homepage (and its owner) locked first, as every write does (ADR 029).
  return db.transaction(async (tx) => {
    const bag = await ownBag(tx, actor, bid, true)
    await tx.insert(bagShares).values({ bagId: bag.id, remark }).onConflictDoUpdate({ target: bagShares.bagId, set: { remark } })
    return { bid: bag.id, remark, url: collectionHref(bag.id) }
  })
}

/** Cancels the share: the category is private again and its link answers 404. */
export async function unshareBag(db: Db, actor: Actor, bid: number) {
  await db.transaction(async (tx) => {
    const bag = await ownBag(tx, actor, bid, true)
    await tx.delete(bagShares).where(eq(bagShares.bagId, bag.id))
  })
}

/** The share of a category for its owner's dialog: null when private. */
export async function bagShareOf(db: Db, actor: Actor, bid: number) {
  const bag = await ownBag(db, actor, bid)
  const [share] = await db.select().from(bagShares).where(eq(bagShares.bagId, bag.id))
  return { bid: bag.id, name: bag.name, share: share ? { remark: share.remark, url: collectionHref(bag.id) } : null }
}

/** A shared category as anyone sees it at /collection/{bid}; NOT_FOUND once private, trashed or gone. */
export async function sharedCategory(db: Db, actor: Actor, bid: number) {
  const [row] = await db
    .select({ bag: bags, remark: bagShares.remark, ownerId: homepages.userId, nickname: users.nickname })
    .from(bagShares)
    .innerJoin(bags, eq(bags.id, bagShares.bagId))
    .innerJoin(homepages, eq(homepages.id, bags.homepageId))
    .innerJoin(users, eq(users.id, homepages.userId))
    .where(and(eq(bagShares.bagId, bid), isNull(bags.deletedAt), isNull(homepages.deletedAt)))
  if (!row) throw new DomainError(NOT_FOUND)
  const isOwner = actor?.id === row.ownerId
  const rows = await db
    .select(SOURCE_VIEW_COLUMNS)
    .from(sources)
    .where(
      and(
        eq(sources.bagId, bid),
        isNull(sources.parentId),
        isNull(sources.deletedAt),
        // Notes are the owner's (spec §6: notes hidden from other visitors).
        isOwner ? undefined : ne(sources.type, 'note'),
      ),
    )
    .orderBy(asc(sources.sortKey), asc(sources.id))
  const [followers] = await db.select({ n: count() }).from(bagFollows).where(eq(bagFollows.bagId, bid))
  const [mine] = actor
    ? await db
        .select({ bagId: bagFollows.bagId })
        .from(bagFollows)
        .where(and(eq(bagFollows.bagId, bid), eq(bagFollows.userId, actor.id)))
    : []
  return {
    bid,
    name: row.bag.name,
    remark: row.remark,
    nickname: row.nickname,
    isOwner,
    following: Boolean(mine),
    followAmount: followers?.n ?? 0,
    items: rows.map((source) => sourceView(source, isOwner ? 'owner' : 'visitor')),
  }
}

export type CollectTarget = {
  homepageId: number
  name: string
  modules: { moduleId: number; name: string; categories: { bid: number; name: string; depth: number }[] }[]
}

/** One <optgroup> of a category select: a homepage's module and its categories, sub-categories indented. */
export type CategoryChoices = { label: string; options: { bid: number; name: string }[] }

/**
 * The actor's categories as a select shows them (the group page's 复制, /share): one group per
 * homepage and module that has categories, in collectTargets' order.
 */
export async function categoryChoices(db: Db, actor: Actor): Promise<CategoryChoices[]> {
  const homepages = await collectTargets(db, actor)
  return homepages.flatMap((homepage) =>
    homepage.modules
      .filter((module) => module.categories.length)
      .map((module) => ({
        label: `${homepage.name} · ${module.name}`,
        options: module.categories.map((c) => ({ bid: c.bid, name: `${'　'.repeat(c.depth)}${c.name}` })),
      })),
  )
}

/**
 * Where a signed-in visitor may collect links from /collection/{bid}: every live category of
 * every homepage they own, grouped by homepage (the current one first, then as in their homepage
 * list) and module, in page order with sub-categories after their parent. The copy itself is
 * checked again by transferSources.
 */
export async function collectTargets(db: Db, actor: Actor): Promise<CollectTarget[]> {
  if (!actor) throw new NotSignedInError()
  const owned = await db
    .select({ id: homepages.id, title: homepages.title })
    .from(homepages)
    .where(and(eq(homepages.userId, actor.id), isNull(homepages.deletedAt)))
    .orderBy(desc(sql`${homepages.id} = ${actor.currentHomepageId ?? 0}`), desc(homepages.sort), desc(homepages.id))
  if (!owned.length) return []
  const ids = owned.map((h) => h.id)
  const moduleRows = await db
    .select({ id: modules.id, homepageId: modules.homepageId, name: modules.name })
    .from(modules)
    .where(inArray(modules.homepageId, ids))
    .orderBy(asc(modules.sortKey), asc(modules.id))
  const bagRows = await db
    .select({ id: bags.id, moduleId: bags.moduleId, parentId: bags.parentId, name: bags.name })
    .from(bags)
    .where(and(inArray(bags.homepageId, ids), isNull(bags.deletedAt)))
    .orderBy(asc(bags.sortKey), asc(bags.id))
  const live = new Set(bagRows.map((b) => b.id))
  const childrenOf = new Map<string, typeof bagRows>()
  for (const bag of bagRows) {
    // A category whose parent is gone is listed at the top of its module.
    const key = `${bag.moduleId}:${bag.parentId !== null && live.has(bag.parentId) ? bag.parentId : 0}`
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), bag])
  }
  const flatten = (moduleId: number, parentId: number, depth: number): CollectTarget['modules'][number]['categories'] =>
    (childrenOf.get(`${moduleId}:${parentId}`) ?? []).flatMap((bag) => [{ bid: bag.id, name: bag.name, depth }, ...flatten(moduleId, bag.id, depth + 1)])
  return owned.map((homepage) => ({
    homepageId: homepage.id,
    name: homepageLabel(homepage.title, actor.nickname),
    modules: moduleRows
      .filter((m) => m.homepageId === homepage.id)
      .map((m) => ({ moduleId: m.id, name: m.name, categories: flatten(m.id, 0, 0) })),
  }))
}

/** bag/follow: follows a category someone else shares, or unfollows (also once it is no longer shared). */
export async function toggleBagFollow(db: Db, actor: Actor, bid: number) {
  if (!actor) throw new NotSignedInError()
  const [removed] = await db
    .delete(bagFollows)
    .where(and(eq(bagFollows.bagId, bid), eq(bagFollows.userId, actor.id)))
    .returning()
  if (removed) return { follow: false, msg: BAG_UNFOLLOWED_MSG }
  const shared = await sharedCategory(db, actor, bid)
  if (shared.isOwner) throw new DomainError('不能关注自己分享的分类')
  await db.insert(bagFollows).values({ bagId: bid, userId: actor.id }).onConflictDoNothing()
  return { follow: true, msg: BAG_FOLLOWED_MSG }
}

/**
 * bag/share-list and the user centre: the categories the user shares (type share) or follows
 * (type follow), newest first, searchable by name. A followed one no longer shared stays listed
 * as not accessible, so the follower can unfollow it.
 */
export async function listBagShares(
  db: Db,
  actor: Actor,
  { type, page, size, wd }: { type: 'share' | 'follow'; page: number; size: number; wd?: string },
) {
  if (!actor) throw new NotSignedInError()
  const named: SQL | undefined = wd?.trim() ? ilike(bags.name, containing(wd.trim())) : undefined
  const base = (
    type === 'share'
      ? db
          .select({ bag: bags, remark: bagShares.remark, at: bagShares.createdAt, shared: bagShares.bagId, nickname: users.nickname, trashedAt: homepages.deletedAt })
          .from(bagShares)
          .innerJoin(bags, eq(bags.id, bagShares.bagId))
          .innerJoin(homepages, eq(homepages.id, bags.homepageId))
          .innerJoin(users, eq(users.id, homepages.userId))
          .where(and(eq(homepages.userId, actor.id), isNull(bags.deletedAt), named))
      : db
          .select({ bag: bags, remark: bagShares.remark, at: bagFollows.createdAt, shared: bagShares.bagId, nickname: users.nickname, trashedAt: homepages.deletedAt })
          .from(bagFollows)
          .innerJoin(bags, eq(bags.id, bagFollows.bagId))
          .innerJoin(homepages, eq(homepages.id, bags.homepageId))
          .innerJoin(users, eq(users.id, homepages.userId))
          .leftJoin(bagShares, eq(bagShares.bagId, bagFollows.bagId))
          .where(and(eq(bagFollows.userId, actor.id), named))
  ).$dynamic()
  const all = await base.orderBy(desc(type === 'share' ? bagShares.createdAt : bagFollows.createdAt), desc(bags.id))
  const list = all.slice((page - 1) * size, page * size).map((row) => ({
    bid: row.bag.id,
    name: row.bag.name,
    remark: row.remark ?? '',
    nickname: row.nickname,
    url: collectionHref(row.bag.id),
    // What /collection/{bid} answers: shared, and neither the category nor its homepage in the trash.
    accessible: row.shared !== null && !row.bag.deletedAt && !row.trashedAt,
    createTime: row.at.toISOString(),
  }))
  return { list, total: all.length, page, size }
}

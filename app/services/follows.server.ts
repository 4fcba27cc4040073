import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { homepageFollows, homepageMembers, homepages, users } from '#app/db/schema/index.ts'
import { homepageLabel } from '#app/schemas/homepage.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, requireCapability } from './access.server.ts'
import { notifyOwner } from './notices.server.ts'

/** Following public homepages, and the owner's other public homepages (spec §2 header, §4 follow). */

export const FOLLOWED_MSG = '已关注！您可以在【网站头部 - 下拉面板】查看'
export const UNFOLLOWED_MSG = '已取消关注'
export const NO_OTHER_OPEN = 'TA没有其它公开的主页'
/** What a follower sees of a homepage its owner no longer shares. */
export const NO_LONGER_SHARED = '对方已取消分享，无法访问'

/**
 * follow: a visitor of an open homepage follows it; a follower unfollows, also once the homepage
 * is no longer shared (the row is theirs; it tells them nothing they did not know).
 */
export async function toggleFollow(db: Db, actor: Actor, homepageId: number) {
  if (!actor) throw new NotSignedInError()
  return db.transaction(async (tx) => {
    const mine = and(eq(homepageFollows.homepageId, homepageId), eq(homepageFollows.userId, actor.id))
    const [unfollowed] = await tx.delete(homepageFollows).where(mine).returning()
    if (!unfollowed) {
      const { homepage } = await requireCapability(tx, actor, homepageId, 'follow', true)
      if (!homepage.isOpen) throw new DomainError(NO_LONGER_SHARED)
      await tx.insert(homepageFollows).values({ homepageId, userId: actor.id })
      await notifyOwner(tx, homepage, actor, '新的关注', '关注了')
    }
    const [followers] = await tx.select({ n: count() }).from(homepageFollows).where(eq(homepageFollows.homepageId, homepageId))
    const follow = !unfollowed
    return { follow, followAmount: followers?.n ?? 0, msg: follow ? FOLLOWED_MSG : UNFOLLOWED_MSG }
  })
}

/** recommend-list: the owner's other open homepages, newest first, each flagged when the actor is a member. */
export async function otherOpenHomepages(db: Db, actor: Actor, homepageId: number) {
  const [current] = await db
    .select({ userId: homepages.userId })
    .from(homepages)
    .where(and(eq(homepages.id, homepageId), isNull(homepages.deletedAt), eq(homepages.isOpen, true)))
  if (!current) return []
  const rows = await db
    .select({ homepage: homepages, nickname: users.nickname, member: homepageMembers.permission })
    .from(homepages)
    .innerJoin(users, eq(users.id, homepages.userId))
    .leftJoin(homepageMembers, and(eq(homepageMembers.homepageId, homepages.id), eq(homepageMembers.userId, actor?.id ?? 0)))
    .where(and(eq(homepages.userId, current.userId), ne(homepages.id, homepageId), eq(homepages.isOpen, true), isNull(homepages.deletedAt)))
    .orderBy(desc(homepages.sort), desc(homepages.id))
  return rows.map(({ homepage, nickname, member }) => ({
    id: homepage.id,
    name: homepageLabel(homepage.title, nickname),
    icon: homepage.icon,
    summary: homepage.summary,
    code: homepage.code ?? '',
    routeDomain: `/${homepage.code}`,
    isMember: member !== null,
  }))
}

/** Whether `code` is a homepage the user follows that is no longer shared (its page then says so, not 404). */
export async function followsClosedHomepage(db: Db, actor: Actor, code: string) {
  if (!actor) return false
  const [row] = await db
    .select({ id: homepages.id })
    .from(homepageFollows)
    .innerJoin(homepages, eq(homepages.id, homepageFollows.homepageId))
    .where(and(eq(homepageFollows.userId, actor.id), sql`lower(${homepages.code}) = ${code.toLowerCase()}`, isNull(homepages.deletedAt), eq(homepages.isOpen, false)))
  return Boolean(row)
}

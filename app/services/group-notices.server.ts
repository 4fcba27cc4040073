import { and, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { groupMembers, notices, type Group, type User } from '#app/db/schema/index.ts'
import type { Actor } from './access.server.ts'
import { listNotices, markRead, notify, noticeView } from './notices.server.ts'

/**
 * Group notices (spec §4 Group notice): the user's notices of kind `group` — applications,
 * contributions and appeals for those who review them, decisions for those who asked. Written in
 * the transaction of the event; counted by one query over the unread index (never a query per group).
 */

export const groupPath = (groupId: number) => `/group/${groupId}`

/** Tells one person what `actor` did in the group: 「小明」{did}（小组「设计资源」）. */
export function notifyGroup(tx: Tx, userId: number, group: Group, actor: User, title: string, did: string) {
  return notify(tx, {
    userId,
    actorId: actor.id,
    kind: 'group',
    title,
    content: `「${actor.nickname}」${did}（小组「${group.name}」）`,
    link: groupPath(group.id),
  })
}

/** Tells the group's owner and administrators (those who review). */
export async function notifyReviewers(tx: Tx, group: Group, actor: User, title: string, did: string) {
  const admins = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.permission, 'admin')))
  // In ascending id: each notice locks its reader's row (the page versions' trigger), and two
  // groups' reviews at once must take those locks in one order (ADR 029), or they deadlock.
  const readers = [group.userId, ...admins.map((a) => a.userId)].sort((a, b) => a - b)
  for (const userId of readers) await notifyGroup(tx, userId, group, actor, title, did)
}

/** group-notice-amount: unread notices in all (`total`) and of groups (`groupAmount`), in one count. */
export async function groupNoticeAmount(db: Db, actor: Actor) {
  if (!actor) return { total: 0, groupAmount: 0 }
  const [row] = await db
    .select({ total: count(), groupAmount: sql<number>`count(*) filter (where ${notices.kind} = 'group')::int` })
    .from(notices)
    .where(and(eq(notices.userId, actor.id), isNull(notices.readAt)))
  return { total: row?.total ?? 0, groupAmount: row?.groupAmount ?? 0 }
}

/** /group/notice: the user's group notices, newest first; those shown are read from then on. */
export async function listGroupNotices(db: Db, actor: Actor, { page, size }: { page: number; size: number }) {
  const { list, total } = await listNotices(db, actor, { page, size, kind: 'group' })
  const unread = list.filter((r) => !r.readAt).map((r) => r.id)
  if (unread.length) await markRead(db, actor, { ids: unread })
  return { list: list.map(noticeView), total }
}

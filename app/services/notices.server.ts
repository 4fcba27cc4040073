import { localPath } from '#app/utils/http.server.ts'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { notices, type Homepage, type Notice, type NoticeKind, type User } from '#app/db/schema/index.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'

/** A user's notices (spec §2 /user/notice, §3 noticeAmount, §7 get-user-notice-list). */

export const NOTICE_PAGE_SIZE = 20
/** Spec §8's generic success. */
export const READ_MSG = '操作成功'

export type NewNotice = {
  /** The recipient. */
  userId: number
  /** Who caused it: nobody is told of their own action. Absent for the site's own notices (an import finished). */
  actorId?: number
  kind: NoticeKind
  title: string
  content?: string
  /** An internal path; anything else is dropped. */
  link?: string | null
}

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('')

const BASE = 'http://notice.invalid'
/** Only a path on our own site: the URL parser decides, so `//evil` and `/\evil` are not paths. */
export function internalPath(link: string | null | undefined) {
  if (!link) return null
  try {
    return link.startsWith('/') ? localPath(link, BASE) : null
  } catch {
    return null
  }
}

/**
 * Writes one notice: called by the services inside the transaction of the event (never by routes).
 * An identical notice still unread already says it (following, unfollowing and following again
 * is one notice, not a flood).
 */
export async function notify(tx: Db | Tx, notice: NewNotice) {
  if (notice.actorId === notice.userId) return
  const row = {
    userId: notice.userId,
    kind: notice.kind,
    title: cut(notice.title, 100),
    content: notice.content ?? '',
    link: internalPath(notice.link),
  }
  const [same] = await tx
    .select({ id: notices.id })
    .from(notices)
    .where(
      and(
        eq(notices.userId, row.userId),
        isNull(notices.readAt),
        eq(notices.title, row.title),
        eq(notices.content, row.content),
        row.link === null ? isNull(notices.link) : eq(notices.link, row.link),
      ),
    )
    .limit(1)
  if (!same) await tx.insert(notices).values(row)
}

const homepageName = (homepage: Homepage) => homepage.title.trim() || '我的主页'
const homepagePath = (homepage: Homepage) => (homepage.code ? `/${homepage.code}` : '/')

/** Tells a homepage's owner what someone else did there: 「小明」{did}你的主页「工作台」{after}. */
export function notifyOwner(tx: Tx, homepage: Homepage, actor: User, title: string, did: string, after = '') {
  return notify(tx, {
    userId: homepage.userId,
    actorId: actor.id,
    kind: 'homepage',
    title,
    content: `「${actor.nickname}」${did}你的主页「${homepageName(homepage)}」${after}`,
    link: homepagePath(homepage),
  })
}

/** One page of the user's notices (of one kind, with `kind`), newest first, with the total and how many are unread. */
export async function listNotices(db: Db, actor: Actor, { page, size = NOTICE_PAGE_SIZE, kind }: { page: number; size?: number; kind?: NoticeKind }) {
  if (!actor) throw new NotSignedInError()
  const mine = and(eq(notices.userId, actor.id), kind ? eq(notices.kind, kind) : undefined)
  const [total] = await db.select({ n: count() }).from(notices).where(mine)
  const list = await db
    .select()
    .from(notices)
    .where(mine)
    .orderBy(desc(notices.id))
    .limit(size)
    .offset((page - 1) * size)
  return { list, total: total?.n ?? 0, unread: await unreadCount(db, actor), page, size }
}

/** How many of the user's notices are unread (the header dot, noticeAmount): one count over the partial index of unread notices (notices_unread_idx). */
export async function unreadCount(db: Db, actor: Actor) {
  if (!actor) return 0
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(eq(notices.userId, actor.id), isNull(notices.readAt)))
  return row?.n ?? 0
}

/**
 * Marks some (ids) or all of the user's own notices read; others' ids change nothing. Answers how
 * many changed and how many stay unread.
 */
export async function markRead(db: Db, actor: Actor, which: { ids: number[] } | 'all') {
  if (!actor) throw new NotSignedInError()
  const unreadMine = and(eq(notices.userId, actor.id), isNull(notices.readAt))
  const where = which === 'all' ? unreadMine : and(unreadMine, inArray(notices.id, which.ids.length ? which.ids : [0]))
  const changed = await db.update(notices).set({ readAt: new Date() }).where(where).returning({ id: notices.id })
  return { count: changed.length, unread: await unreadCount(db, actor) }
}


/** A notice as the JSON call answers it. */
export function noticeView(row: Notice) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    content: row.content,
    link: row.link ?? '',
    isRead: row.readAt !== null,
    createTime: row.createdAt.toISOString(),
  }
}

/** The link of one of the user's own notices, marking it read (following a notice is reading it); null when not theirs. */
export async function openNotice(db: Db, actor: Actor, id: number) {
  if (!actor) throw new NotSignedInError()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ link: notices.link, readAt: notices.readAt })
      .from(notices)
      .where(and(eq(notices.id, id), eq(notices.userId, actor.id)))
    if (!row) return null
    if (!row.readAt) await tx.update(notices).set({ readAt: new Date() }).where(eq(notices.id, id))
    return { link: row.link }
  })
}

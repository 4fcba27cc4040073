import { count, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { bookmarkLog, type BookmarkLogAction } from '#app/db/schema/index.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'

/** Entries per page of /user/bookmark-log. */
export const LOG_PAGE_SIZE = 20

export type LogEntry = {
  userId: number
  homepageId: number | null
  action: BookmarkLogAction
  /** The (first) bookmark's name; `count` how many the change touched. */
  name: string
  url?: string | null
  count?: number
  place?: string
}

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('')

/** Records a change in the user's bookmark log: called by the services inside the change's own transaction. */
export async function logBookmarks(tx: Db | Tx, entry: LogEntry) {
  await tx.insert(bookmarkLog).values({
    userId: entry.userId,
    homepageId: entry.homepageId,
    action: entry.action,
    name: cut(entry.name, 100),
    url: entry.url ?? null,
    count: entry.count ?? 1,
    place: cut(entry.place ?? '', 200),
  })
}

/** One page of what the user did to bookmarks, newest first. */
export async function bookmarkLogPage(db: Db, actor: Actor, page: number) {
  if (!actor) throw new NotSignedInError()
  const [total] = await db.select({ n: count() }).from(bookmarkLog).where(eq(bookmarkLog.userId, actor.id))
  const list = await db
    .select()
    .from(bookmarkLog)
    .where(eq(bookmarkLog.userId, actor.id))
    .orderBy(desc(bookmarkLog.createdAt), desc(bookmarkLog.id))
    .limit(LOG_PAGE_SIZE)
    .offset((page - 1) * LOG_PAGE_SIZE)
  return { list, total: total?.n ?? 0, page, size: LOG_PAGE_SIZE }
}

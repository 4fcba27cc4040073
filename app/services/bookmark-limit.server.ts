import { sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepages, sources } from '#app/db/schema/index.ts'
import { DomainError } from '#app/utils/errors.ts'

/**
 * Issue 21, ADR 024: how many bookmarks one account's homepages may hold: the rows of `sources`
 * (bookmarks, folders, notes, dividers; in the trash too, until it is emptied) on every homepage
 * the user owns, whoever added them. The size budget 8 (search) is measured at; it bounds what
 * one account's deletion, export or search has to go through.
 */
export const MAX_BOOKMARKS = 50_000
export const TOO_MANY_BOOKMARKS = `书签总数（含回收站）已达上限（${MAX_BOOKMARKS}个），请先删除不用的书签`
export const importOverBookmarkLimit = (have: number, adding: number) =>
  `导入后书签总数将超过上限（${MAX_BOOKMARKS}个）：已有 ${have} 个，本次 ${adding} 个。请少选一些，或先删除不用的书签`

/** The rows on the homepages of the owner of `homepageId`. */
export async function ownersBookmarks(db: Db | Tx, homepageId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sources)
    .where(sql`${sources.homepageId} in (select h2.id from ${homepages} h1 join ${homepages} h2 on h2.user_id = h1.user_id where h1.id = ${homepageId})`)
  return row!.n
}

/** Refuses `adding` more bookmarks on `homepageId` past its owner's limit (the message of the import names the counts). */
export async function assertBookmarkRoom(db: Db | Tx, homepageId: number, adding: number, message: (have: number) => string = () => TOO_MANY_BOOKMARKS) {
  if (adding <= 0) return
  const have = await ownersBookmarks(db, homepageId)
  if (have + adding > MAX_BOOKMARKS) throw new DomainError(message(have))
}

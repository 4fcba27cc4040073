import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { appContext, userContext } from '#app/context.ts'
import type { Db } from '#app/db/client.server.ts'
import { browserHistory, users, type User } from '#app/db/schema/index.ts'
import { batchedWriter } from '#app/utils/batched-writer.server.ts'

/**
 * /user/browser-history: the pages of 起页 a signed-in user opened recently. Pages say they are
 * worth remembering with `recordPage`; the entry goes into a per-process buffer written every few
 * seconds in one statement (never on the response path), and only for users who record. One row
 * per user and page, its time moved on by each visit; the newest HISTORY_LIMIT are kept.
 */

export const HISTORY_LIMIT = 200
export const HISTORY_CLEARED = '浏览记录已清空'
export const HISTORY_ON = '已开启浏览记录'
export const HISTORY_OFF = '已关闭浏览记录，之后打开的页面不会被记录'

/** A page as history lists it. */
export type PageVisit = { path: string; title: string }
export type HistoryEntry = PageVisit & { userId: number; at: Date }
export type HistoryBuffer = ReturnType<typeof historyBuffer>

const PATH_MAX = 300
const TITLE_MAX = 100

/**
 * The page a request is for, as the address bar shows it: React Router's data requests name the
 * page they load (`/x.data` is `/x`; a path ending in "/" is asked for as `…/_.data`, so `/_.data`
 * is the start page, never a page "/_"); of the query only `keep` stays (search's `wd`).
 */
export function pagePath(request: Request, keep: string[] = []): string {
  const url = new URL(request.url)
  // React Router's own rule (getNormalizedPath in react-router's server runtime).
  const asked = url.pathname.endsWith('/_.data') ? url.pathname.slice(0, -'_.data'.length) : url.pathname.replace(/\.data$/, '')
  // One leading slash (the history page links to it, and `//host` would leave the site), none trailing.
  const path = `/${asked.replace(/^\/+/, '').replace(/\/+$/, '')}`
  const query = new URLSearchParams()
  for (const name of keep) {
    const value = url.searchParams.get(name)
    if (value) query.set(name, value)
  }
  const full = query.size ? `${path}?${query}` : path
  return full.length > PATH_MAX ? path.slice(0, PATH_MAX) : full
}

/**
 * Called by the loader of a page worth remembering. Costs a map write: the database is written by
 * the buffer later. A start page the page cache keeps remembers its entry, so that answers from
 * the cache are recorded too (server/page-cache.ts).
 */
export function recordPage(context: Readonly<RouterContextProvider>, request: Request, title: string, { keep }: { keep?: string[] } = {}) {
  const user = context.get(userContext)
  if (!user || !user.historyRecording || request.method !== 'GET') return
  const { history, pageRender } = context.get(appContext)
  const visit = { path: pagePath(request, keep), title: [...title].slice(0, TITLE_MAX).join('') || '起页' }
  if (pageRender) pageRender.visited = visit
  history?.add({ userId: user.id, ...visit, at: new Date() })
}

/**
 * The per-process buffer: entries by user and page (the last visit wins), written every
 * `intervalMs`. With several processes each writes its own; the upsert and the cap are safe
 * together.
 */
export function historyBuffer(db: Db, intervalMs = 3_000) {
  const writer = batchedWriter<string, HistoryEntry>({
    intervalMs,
    what: 'Browser history',
    merge: (_waiting, entry) => entry,
    write: (batch) => writeHistory(db, [...batch.values()]),
  })
  const keyOf = (userId: number, path: string) => `${userId} ${path}`
  return {
    ...writer,
    add: (entry: HistoryEntry) => writer.add(keyOf(entry.userId, entry.path), entry),
    /** Forgets the user's waiting visits, and waits for a write under way (it may hold some). */
    forget: async (userId: number) => {
      writer.drop((key) => key.startsWith(keyOf(userId, '')))
      await writer.flush()
    },
  }
}

/** Writes a batch (one entry per user and page): only for users still recording, then the cap. */
export async function writeHistory(db: Db, entries: HistoryEntry[]) {
  const userIds = [...new Set(entries.map((e) => e.userId))]
  await db.transaction(async (tx) => {
    // Key-share locks the users' rows: an account being deleted is waited for and then skipped,
    // so one gone user never fails the batch on the foreign key.
    const recording = new Set(
      (await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), eq(users.historyRecording, true))).for('key share')).map((u) => u.id),
    )
    const rows = entries.filter((e) => recording.has(e.userId)).map((e) => ({ userId: e.userId, path: e.path, title: e.title, visitedAt: e.at }))
    if (!rows.length) return
    await tx
      .insert(browserHistory)
      .values(rows)
      .onConflictDoUpdate({
        target: [browserHistory.userId, browserHistory.path],
        set: { title: sql`excluded.title`, visitedAt: sql`greatest(${browserHistory.visitedAt}, excluded.visited_at)` },
      })
    await tx
      .delete(browserHistory)
      .where(
        and(
          inArray(browserHistory.userId, [...recording]),
          sql`${browserHistory.id} not in (select h.id from browser_history h where h.user_id = ${browserHistory.userId} order by h.visited_at desc, h.id desc limit ${HISTORY_LIMIT})`,
        ),
      )
  })
}

/** The user's history, the most recent first. */
export async function listHistory(db: Db, user: User) {
  return db
    .select({ path: browserHistory.path, title: browserHistory.title, visitedAt: browserHistory.visitedAt })
    .from(browserHistory)
    .where(eq(browserHistory.userId, user.id))
    .orderBy(desc(browserHistory.visitedAt), desc(browserHistory.id))
    .limit(HISTORY_LIMIT)
}

/**
 * Empties the list: the visits still waiting in this process's buffer first, or they would be
 * written after the delete and the cleared list would fill again (another process's buffer may
 * still write its last few seconds).
 */
export async function clearHistory(db: Db, user: User, history?: Pick<HistoryBuffer, 'forget'>) {
  await history?.forget(user.id)
  await db.delete(browserHistory).where(eq(browserHistory.userId, user.id))
}

/** Turns recording on or off; what was recorded stays until cleared. */
export async function setHistoryRecording(db: Db, user: User, on: boolean) {
  await db.update(users).set({ historyRecording: on }).where(eq(users.id, user.id))
}

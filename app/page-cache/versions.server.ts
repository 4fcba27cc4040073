import type { DbHandle } from '#app/db/client.server.ts'
import type { KeptPage, Viewer } from './page-store.server.ts'

/**
 * What a request asks the database: the homepages of the page it would be sent, and who its
 * viewer is — by its session (the hash of its token), or, for a page kept for a signed-in
 * viewer, by that user's version alone (`keptViewer`).
 */
export type Ask = { session: string | null; users?: number[]; homepages: number[]; groups?: number[]; bags?: number[] }

/** A session that is live now: its user at the user's render_version; times in ms since the epoch. */
export type LiveSession = { userId: number; renderVersion: number; lastSeenAt: number; expiresAt: number }

/** What the database holds now for the sessions, users and homepages asked (one missing is gone). */
export type Versions = {
  sessions: Map<string, LiveSession>
  users: Map<number, number>
  homepages: Map<number, number>
  groups: Map<number, number>
  /** Category id → the version of its bookmarks (drizzle/0028; a category gone is missing). */
  bags: Map<number, number>
}

type Row = { kind: 'h' | 'b' | 'g' | 'u' | 's'; hash: string | null; id: number; version: number; seen: number | null; expires: number | null }

/**
 * Reads the versions of many asks with one call of qy_page_versions (drizzle/0012, 0025, 0028): this runs for
 * every answer from the cache, where Drizzle's query building, the user's whole row and planning
 * the statement anew each time all cost more than the query (float8: exact for these numbers,
 * and a number on both drivers).
 */
export function versionReader(rows: DbHandle['rows']) {
  return async (asks: Ask[]): Promise<Versions> => {
    const sessions = [...new Set(asks.flatMap((ask) => (ask.session ? [ask.session] : [])))]
    const users = [...new Set(asks.flatMap((ask) => ask.users ?? []))]
    const homepages = [...new Set(asks.flatMap((ask) => ask.homepages))]
    const groups = [...new Set(asks.flatMap((ask) => ask.groups ?? []))]
    const bags = [...new Set(asks.flatMap((ask) => ask.bags ?? []))]
    const versions: Versions = { sessions: new Map(), users: new Map(), homepages: new Map(), groups: new Map(), bags: new Map() }
    if (!sessions.length && !users.length && !homepages.length && !groups.length && !bags.length) return versions
    const found = await rows<Row>(
      'select kind, hash, id, version, seen, expires from qy_page_versions($1::int[], $2::text[], $3::int[], $4::int[], $5::int[])',
      [homepages, sessions, users, groups, bags],
    )
    for (const row of found) {
      if (row.kind === 'h') versions.homepages.set(row.id, row.version)
      else if (row.kind === 'b') versions.bags.set(row.id, row.version)
      else if (row.kind === 'g') versions.groups.set(row.id, row.version)
      else if (row.kind === 'u') versions.users.set(row.id, row.version)
      else versions.sessions.set(row.hash!, { userId: row.id, renderVersion: row.version, lastSeenAt: row.seen ?? 0, expiresAt: row.expires ?? 0 })
    }
    return versions
  }
}

/**
 * One statement for every request waiting, not one each: a request joins the next read, never
 * one already running, so what it is answered from was read after it arrived (a write the
 * client saw committed is always seen). A read starts in the event loop's check phase, after
 * every request that had arrived was parsed and joined it (PGlite answers on this thread, so
 * a read started at once would hold one ask: measured 1.0 asks a read, 3.9 this way).
 */
export function coalesced(read: (asks: Ask[]) => Promise<Versions>) {
  let next: { asks: Ask[]; done: Promise<Versions>; start: () => void } | null = null
  let running = false

  function launch() {
    if (running || !next) return
    const batch = next
    next = null
    running = true
    batch.start()
    batch.done.finally(() => {
      running = false
      launch()
    }).catch(() => {})
  }

  return (ask: Ask): Promise<Versions> => {
    if (!next) {
      const asks: Ask[] = []
      let start!: () => void
      const done = new Promise<Versions>((resolve, reject) => {
        start = () => read(asks).then(resolve, reject)
      })
      next = { asks, done, start }
    }
    next.asks.push(ask)
    const { done } = next
    setImmediate(launch)
    return done
  }
}

/** The viewer of a request as the database has it now: a live session's user, or a guest. */
export function viewerOf(versions: Versions, session: string | null): Viewer {
  const live = session ? versions.sessions.get(session) : undefined
  return live ? { id: live.userId, renderVersion: live.renderVersion } : null
}

/**
 * The viewer of a page kept for a signed-in viewer, by the user's version now: the end of a
 * session bumps its user's version (drizzle/0014), so while the version is the page's and the
 * session has not expired, the session is the one the page was made for. Undefined when that
 * cannot be told without reading the session (a page not kept for a session, the user's version
 * moved, the session expired).
 */
export function keptViewer(page: KeptPage, versions: Versions, now: number): Viewer | undefined {
  if (!page.viewer || !page.session || page.session.expiresAt <= now) return undefined
  const version = versions.users.get(page.viewer.id)
  return version === page.viewer.renderVersion ? page.viewer : undefined
}

/** Whether a kept page still shows what the database holds for this viewer: same viewer and version, every homepage and group unchanged. */
export function isCurrent(page: KeptPage, viewer: Viewer, versions: Versions) {
  if (page.viewer?.id !== viewer?.id || page.viewer?.renderVersion !== viewer?.renderVersion) return false
  return (
    page.homepages.every(([id, version]) => versions.homepages.get(id) === version) &&
    page.groups.every(([id, version]) => versions.groups.get(id) === version)
  )
}

import { lt, sql } from 'drizzle-orm'
import { deleteExpiredSessions } from '#app/auth/session.server.ts'
import { deleteExpiredOAuthStates } from './oauth.server.ts'
import { deleteExpiredResets } from './password-reset.server.ts'
import { deleteExpiredEmailChanges } from './email-change.server.ts'
import { deleteExpiredWechatLogins } from './wechat-login.server.ts'
import { ADVISORY_LOCKS } from '#app/db/advisory-locks.ts'
import type { Db, DbHandle } from '#app/db/client.server.ts'
import { idempotencyKeys } from '#app/db/schema/index.ts'
import type { UploadStorage } from '#app/uploads/storage.server.ts'
import { cleanUpUploads } from '#app/uploads/records.server.ts'
import { runLeased, thisProcess } from './job-lease.server.ts'

/**
 * The periodic maintenance job: expired sessions, password-reset links and WeChat QR codes, old idempotency keys, planner statistics and unused uploads, at boot
 * and then every hour, in one of the app processes sharing the database (runMaintenanceOnce).
 * Every step would also be safe in several at once. The per-process write buffers (browser
 * history, visits) are not jobs: each process writes its own requests' data.
 */

export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000

/** A form's one-time key guards against a double submit; after a day nobody resubmits that form. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** Drops idempotency keys older than a day; returns how many. */
export async function purgeIdempotencyKeys(db: Db, olderThanMs = IDEMPOTENCY_KEY_TTL_MS) {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`))
    .returning({ key: idempotencyKeys.key })
  return rows.length
}

/**
 * Planner statistics for the tables that never had them or have grown or shrunk by a fifth since.
 * PostgreSQL's autovacuum keeps them current on a server; PGlite runs no background workers, so
 * without this its planner guesses, and e.g. Ctrl+K search walks every bookmark instead of the
 * bigram index (PERFORMANCE.md budget 8). Returns the tables analysed.
 */
export async function refreshStatistics(db: Db) {
  const result = await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and (c.reltuples < 0
      or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 10 + c.relpages / 5)`)
  // node-postgres and PGlite both answer `{ rows }`.
  const names = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)
  for (const name of names) await db.execute(sql`analyze ${sql.identifier(name)}`)
  return names
}

export type MaintenanceOptions = {
  storage?: UploadStorage
  uploadGraceMs?: number
  /** Where a failed step is reported; the job itself never throws. */
  onError?: (step: string, error: unknown) => void
}

const logError = (step: string, error: unknown) => console.error(`Maintenance step "${step}" failed:`, error)

/** The steps of one pass; each says what it did, or null when there was nothing to do. */
function steps(db: Db, { storage, uploadGraceMs }: MaintenanceOptions): [string, () => Promise<string | null>][] {
  return [
    ['expired sessions', async () => (await deleteExpiredSessions(db), null)],
    ['expired password resets', async () => (await deleteExpiredResets(db), null)],
    ['expired e-mail changes', async () => (await deleteExpiredEmailChanges(db), null)],
    ['expired WeChat QR codes', async () => (await deleteExpiredWechatLogins(db), null)],
    ['expired social sign-in states', async () => (await deleteExpiredOAuthStates(db), null)],
    ['idempotency keys', async () => {
      const count = await purgeIdempotencyKeys(db)
      return count ? `dropped ${count} old idempotency keys` : null
    }],
    ['planner statistics', async () => {
      const tables = await refreshStatistics(db)
      return tables.length ? `analysed ${tables.length} tables` : null
    }],
    ['unused uploads', async () => {
      const { registered, deleted } = await cleanUpUploads(db, { storage, graceMs: uploadGraceMs })
      return registered || deleted.length ? `recorded ${registered} files found on disk, deleted ${deleted.length} unused uploads` : null
    }],
  ]
}

/** One pass over every step; a failing step is reported and the others still run. Returns what was done. */
export async function runMaintenance(db: Db, { onError = logError, ...options }: MaintenanceOptions = {}) {
  const done: string[] = []
  for (const [step, run] of steps(db, options)) {
    try {
      const did = await run()
      if (did) done.push(did)
    } catch (error) {
      onError(step, error)
    }
  }
  return done
}

type IntervalOptions = MaintenanceOptions & { intervalMs?: number }

/**
 * One pass, unless another app process is running one or ran one within the interval
 * (app/services/job-lease.server.ts). The log says which process ran it; a skipped pass says
 * nothing. Returns whether it ran here.
 */
export async function runMaintenanceOnce(handle: Pick<DbHandle, 'withLock'>, { intervalMs = MAINTENANCE_INTERVAL_MS, ...options }: IntervalOptions = {}) {
  const lease = { name: 'maintenance', lock: ADVISORY_LOCKS.maintenance, intervalMs }
  const done = await runLeased(handle, lease, (db) => runMaintenance(db, options))
  if (!done) return false
  console.log(`Maintenance: ran by ${thisProcess}: ${done.join('; ') || 'nothing to do'}.`)
  return true
}

/**
 * Runs the job now and then every `intervalMs`, never two passes at once in this process. The
 * timer does not keep the process alive; `stop()` ends it and waits for a pass under way, so the
 * database can be closed after it.
 */
export function startMaintenance(handle: Pick<DbHandle, 'withLock'>, { intervalMs = MAINTENANCE_INTERVAL_MS, ...options }: IntervalOptions = {}) {
  let running: Promise<unknown> | null = null
  const pass = () => {
    // Taking the lease can fail (the database away for a moment): reported, tried next interval.
    running ??= runMaintenanceOnce(handle, { intervalMs, ...options })
      .catch((error: unknown) => (options.onError ?? logError)('lease', error))
      .finally(() => (running = null))
  }
  pass()
  const timer = setInterval(pass, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

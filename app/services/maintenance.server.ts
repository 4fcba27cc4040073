import { lt, sql } from 'drizzle-orm'
import { deleteExpiredSessions } from '#app/auth/session.server.ts'
import type { Db } from '#app/db/client.server.ts'
import { idempotencyKeys } from '#app/db/schema/index.ts'
import type { UploadStorage } from '#app/uploads/storage.server.ts'
import { cleanUpUploads } from '#app/uploads/records.server.ts'

/**
 * The periodic maintenance job: expired sessions, old idempotency keys and unused uploads, at boot
 * and then every hour. Every step is safe to run in several app processes at once.
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
    ['idempotency keys', async () => {
      const count = await purgeIdempotencyKeys(db)
      return count ? `dropped ${count} old idempotency keys` : null
    }],
    ['unused uploads', async () => {
      const { registered, deleted } = await cleanUpUploads(db, { storage, graceMs: uploadGraceMs })
      return registered || deleted.length ? `recorded ${registered} files found on disk, deleted ${deleted.length} unused uploads` : null
    }],
  ]
}

/** One pass over every step; a failing step is reported and the others still run. */
export async function runMaintenance(db: Db, { onError = logError, ...options }: MaintenanceOptions = {}) {
  for (const [step, run] of steps(db, options)) {
    try {
      const done = await run()
      if (done) console.log(`Maintenance: ${done}.`)
    } catch (error) {
      onError(step, error)
    }
  }
}

/**
 * Runs the job now and then every `intervalMs`, never two passes at once in this process. The
 * timer does not keep the process alive; `stop()` ends it and waits for a pass under way, so the
 * database can be closed after it.
 */
export function startMaintenance(db: Db, { intervalMs = MAINTENANCE_INTERVAL_MS, ...options }: MaintenanceOptions & { intervalMs?: number } = {}) {
  let running: Promise<void> | null = null
  const pass = () => {
    running ??= runMaintenance(db, options).finally(() => (running = null))
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

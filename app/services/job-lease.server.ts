import { hostname } from 'node:os'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, DbHandle } from '#app/db/client.server.ts'
import { jobRuns } from '#app/db/schema/index.ts'

/** This process, as the log and job_runs.ran_by name it. */
export const thisProcess = `pid ${process.pid} on host ${hostname()}`

/**
 * Runs a periodic job's pass in one of the app processes sharing the database: `work` runs here
 * unless another process is running it now (its advisory lock, held for the pass: a pass may
 * outlast the interval) or started it less than an interval ago (its job_runs row, claimed under
 * the lock). Returns what `work` returned, or null when it was skipped. On PGlite (one process)
 * the lock is nothing and the claim, one statement, is what keeps two passes apart.
 */
export async function runLeased<T>(
  handle: Pick<DbHandle, 'withLock'>,
  { name, lock, intervalMs }: { name: string; lock: number; intervalMs: number },
  work: (db: Db) => Promise<T>,
): Promise<T | null> {
  // A little less than the interval: a process's own timer, a few milliseconds early against the
  // time its last claim was written, must not skip its own next pass.
  const dueSeconds = (intervalMs * 0.9) / 1000
  return handle.withLock(
    lock,
    async (db) => {
      const claimed = await db
        .insert(jobRuns)
        .values({ name, lastStartedAt: sql`now()`, ranBy: thisProcess })
        .onConflictDoUpdate({
          target: jobRuns.name,
          set: { lastStartedAt: sql`now()`, lastFinishedAt: null, ranBy: thisProcess },
          setWhere: sql`${jobRuns.lastStartedAt} <= now() - make_interval(secs => ${dueSeconds})`,
        })
        .returning({ name: jobRuns.name })
      if (!claimed.length) return null
      try {
        return await work(db)
      } finally {
        await db
          .update(jobRuns)
          .set({ lastFinishedAt: sql`now()` })
          .where(and(eq(jobRuns.name, name), eq(jobRuns.ranBy, thisProcess)))
      }
    },
    { wait: false },
  )
}

import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from './client.server.ts'

/**
 * Long work in steps (ADR 024): on PGlite the database runs on the server's own thread, so one
 * statement over tens of thousands of rows holds every other request, static files included.
 * Such work goes STEP_ROWS rows at a time, each step its own statement or transaction, with a
 * turn of the event loop between: queries other requests queued meanwhile run first.
 */
export const STEP_ROWS = 1000

/** Lets other requests run: their queries, queued meanwhile, go before the next step's. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Deletes the rows of `table` that `where` picks, STEP_ROWS per transaction; `guard` runs first in
 * each (a lock and a permission check again: another request may have run in between). Answers
 * what `returning` picked of the deleted rows, e.g. their lists to renumber.
 */
export async function deleteInSteps<T extends PgTable & { id: unknown }>(
  db: Db,
  table: T,
  where: SQL,
  { guard }: { guard?: (tx: Tx) => Promise<unknown> } = {},
): Promise<number> {
  let deleted = 0
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await guard?.(tx)
      const result = await tx.execute(sql`delete from ${table} where id in (select id from ${table} where ${where} limit ${STEP_ROWS})`)
      return (result as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as unknown as { rowCount: number }).rowCount
    })
    deleted += n
    if (n < STEP_ROWS) return deleted
    await nextTurn()
  }
}

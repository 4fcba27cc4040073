import { ADVISORY_LOCKS } from '#app/db/advisory-locks.ts'
import type { DbHandle } from '#app/db/client.server.ts'
import { applyMigrations, MIGRATION_COUNT } from '#app/db/migrate.server.ts'
import { backfillSearchColumns } from './search.server.ts'
import { seedDemo } from './seed.server.ts'

/**
 * Every database write of a boot, under the one start-up lock: app processes started together on
 * a fresh PostgreSQL database take turns, and each one after the first finds the migrations
 * applied, the search columns filled and the demo seeded (before the lock covered the seed, the
 * second died on users_email_key). Returns what this process did.
 */
export async function prepareDatabase(handle: DbHandle, { demoPassword }: { demoPassword: string }) {
  const done = await handle.withLock(ADVISORY_LOCKS.startup, async (db) => {
    await applyMigrations(db, handle.driver)
    // Bookmarks written before search existed get their search columns once (a no-op afterwards).
    const searchFilled = await backfillSearchColumns(db)
    const seeded = await seedDemo(db, demoPassword)
    return { searchFilled, seeded }
  })
  if (!done) throw new Error('the start-up lock was not taken')
  return done
}

/** Readiness (/healthz): the database answers, and has every migration this build ships. */
export async function databaseReady(handle: Pick<DbHandle, 'rows'>) {
  const [row] = await handle.rows<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations', [])
  return (row?.applied ?? 0) >= MIGRATION_COUNT
}

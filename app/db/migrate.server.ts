import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { DbHandle } from './client.server.ts'

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))
/** Any fixed number: app processes booting together against one server take turns. */
const MIGRATION_LOCK = 7_411_002

/** Applies the committed drizzle-kit migrations; safe to run at every boot. */
export async function migrate(handle: DbHandle) {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
    return
  }
  await handle.exec(`select pg_advisory_lock(${MIGRATION_LOCK})`)
  try {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder })
  } finally {
    await handle.exec(`select pg_advisory_unlock(${MIGRATION_LOCK})`)
  }
}

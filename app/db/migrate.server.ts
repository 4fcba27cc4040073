import { fileURLToPath } from 'node:url'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { ADVISORY_LOCKS } from './advisory-locks.ts'
import type { Db, DbHandle } from './client.server.ts'

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/** Applies the committed drizzle-kit migrations; safe to run at every boot. */
export async function migrate(handle: DbHandle) {
  await handle.withLock(ADVISORY_LOCKS.startup, (db) => applyMigrations(db, handle.driver))
}

/** The migrations themselves, on a Db whose connection already holds the start-up lock. */
export async function applyMigrations(db: Db, driver: DbHandle['driver']) {
  if (driver === 'pglite') await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder })
  else await migratePg(db as unknown as NodePgDatabase, { migrationsFolder })
}

/** How many migrations this build ships: a database that has applied fewer is not ready for it. */
export const MIGRATION_COUNT = readMigrationFiles({ migrationsFolder }).length

import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { lockDirectory } from './directory-lock.server.ts'
import * as schema from './schema/index.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type DbHandle = {
  db: Db
  driver: 'pglite' | 'postgres'
  /** Runs a statement outside Drizzle (migrations lock, test set-up). */
  exec: (sql: string) => Promise<void>
  /** One parameterised read outside Drizzle, for the hottest path (the page cache's versions). */
  rows: <T>(sql: string, params: unknown[]) => Promise<T[]>
  close: () => Promise<void>
}

/**
 * Opens the database the app runs on: a PostgreSQL server when `url` is a postgres:// URL,
 * otherwise PGlite in `dataDir` (in memory when `dataDir` is 'memory://').
 * PGlite is single-process: the directory is locked for as long as it is open, and a second
 * process (or a second open in this one) is refused with DirectoryInUseError (ARCHITECTURE.md §7).
 */
export async function openDb({ url, dataDir }: { url?: string; dataDir: string }): Promise<DbHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // An idle connection the server drops (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`))
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      driver: 'postgres',
      exec: async (statement) => void (await pool.query(statement)),
      rows: async (statement, params) => (await pool.query(statement, params)).rows,
      close: () => pool.end(),
    }
  }
  // PGlite's default 128 MB buffer cache lives in the server's own heap: a start page's working
  // set fits in 16 MB, and the process stays ~125 MB smaller (PERFORMANCE.md budget 6).
  const options = { postgresqlconf: ['shared_buffers=16MB'] }
  if (dataDir === 'memory://') return pgliteHandle(await PGlite.create(options), () => {})
  const lock = lockDirectory(dataDir)
  try {
    const client = await PGlite.create({ ...options, dataDir })
    return pgliteHandle(client, lock.release)
  } catch (error) {
    lock.release()
    throw error
  }
}

function pgliteHandle(client: PGlite, unlock: () => void): DbHandle {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    driver: 'pglite',
    exec: async (statement) => void (await client.exec(statement)),
    rows: async <T,>(statement: string, params: unknown[]) => (await client.query<T>(statement, params)).rows,
    // The lock goes only once PGlite has written its last page.
    close: async () => {
      await client.close()
      unlock()
    },
  }
}

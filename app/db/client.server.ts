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
  /**
   * Runs `work` while holding the PostgreSQL advisory lock `key` (app/db/advisory-locks.ts), so
   * that app processes sharing one server take turns. The lock is a session's: it is taken, used
   * and released on one connection, and `work` gets a Db on that very connection (its queries
   * need no second one from the pool). `wait: false` gives up at once when another session holds
   * it, and answers null. PGlite is one process: `work` just runs.
   */
  withLock: <T>(key: number, work: (db: Db) => Promise<T>, options?: { wait?: boolean }) => Promise<T | null>
  close: () => Promise<void>
}

/**
 * Opens the database the app runs on: a PostgreSQL server when `url` is a postgres:// URL,
 * otherwise PGlite in `dataDir` (in memory when `dataDir` is 'memory://', started from the copy of a
 * data directory `load` holds if given: the tests start from one migrated once, skipping initdb).
 * PGlite is single-process: the directory is locked for as long as it is open, and a second
 * process (or a second open in this one) is refused with DirectoryInUseError (ARCHITECTURE.md §7).
 */
export async function openDb({ url, dataDir, poolSize = 10, load }: { url?: string; dataDir: string; poolSize?: number; load?: Blob }): Promise<DbHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: poolSize })
    // An idle connection the server drops (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`))
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      driver: 'postgres',
      exec: async (statement) => void (await pool.query(statement)),
      rows: async (statement, params) => (await pool.query(statement, params)).rows,
      async withLock(key, work, { wait = true } = {}) {
        const client = await pool.connect()
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            wait ? 'select true as locked from pg_advisory_lock($1)' : 'select pg_try_advisory_lock($1) as locked',
            [key],
          )
          let result = null
          if (rows[0]?.locked) {
            result = await work(drizzlePg({ client, schema }) as unknown as Db)
            await client.query('select pg_advisory_unlock($1)', [key])
          }
          client.release()
          return result
        } catch (error) {
          // Closing the connection ends its session, and the lock with it: no error leaves it held.
          client.release(true)
          throw error
        }
      },
      close: () => pool.end(),
    }
  }
  // PGlite's default 128 MB buffer cache lives in the server's own heap: a start page's working
  // set fits in 16 MB, and the process stays ~125 MB smaller (PERFORMANCE.md budget 6).
  const options = { postgresqlconf: ['shared_buffers=16MB'] }
  if (dataDir === 'memory://') return pgliteHandle(await PGlite.create({ ...options, loadDataDir: load }), () => {})
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
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return {
    db,
    driver: 'pglite',
    exec: async (statement) => void (await client.exec(statement)),
    rows: async <T,>(statement: string, params: unknown[]) => (await client.query<T>(statement, params)).rows,
    withLock: (_key, work) => work(db),
    // The lock goes only once PGlite has written its last page.
    close: async () => {
      await client.close()
      unlock()
    },
  }
}

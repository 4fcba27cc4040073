import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, inject } from 'vitest'
import { type DbHandle, openDb } from '#app/db/client.server.ts'
import { migrate } from '#app/db/migrate.server.ts'

/** The PostgreSQL server the tests also run on, when one is configured. */
export const serverUrl = process.env.TEST_DATABASE_URL || undefined

/** A new database on the test server, empty or a copy of `template`; `drop` removes it again. */
export async function createServerDatabase(baseUrl: string, template?: string) {
  const name = `qiye_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

export type TestDb = DbHandle & { dispose: () => Promise<void> }

/**
 * A migrated, empty database for one test file: in-memory PGlite, or a fresh database on the
 * PostgreSQL server when TEST_DATABASE_URL is set. Both run the same migrations as the app: once
 * a run into a template when the project has one (database-template.ts), else here.
 */
export async function createTestDb(): Promise<TestDb> {
  const template = inject('databaseTemplate')
  if (serverUrl) {
    const database = await createServerDatabase(serverUrl, template)
    const handle = await openDb({ url: database.url, dataDir: '' })
    if (!template) await migrate(handle)
    return {
      ...handle,
      async dispose() {
        await handle.close()
        await database.drop()
      },
    }
  }
  if (template) {
    const handle = await openDb({ dataDir: 'memory://', load: new Blob([readFileSync(template)]) })
    return { ...handle, dispose: () => handle.close() }
  }
  const handle = await openDb({ dataDir: 'memory://' })
  await migrate(handle)
  return { ...handle, dispose: () => handle.close() }
}

/**
 * A fresh database for the test file that calls it, made before its tests and dropped after:
 * `const db = useTestDb()`, then `db()` inside tests. `prepare` runs once, e.g. to seed.
 */
export function useTestDb(prepare?: (db: TestDb['db']) => Promise<unknown>) {
  let handle: TestDb | undefined
  beforeAll(async () => {
    handle = await createTestDb()
    await prepare?.(handle.db)
  })
  afterAll(() => handle?.dispose())
  return () => {
    if (!handle) throw new Error('useTestDb: the database is made in beforeAll')
    return handle.db
  }
}

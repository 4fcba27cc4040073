import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { ADVISORY_LOCKS } from '#app/db/advisory-locks.ts'
import { openDb } from '#app/db/client.server.ts'
import { homepages, users } from '#app/db/schema/index.ts'
import { createServerDatabase, serverUrl } from '#tests/setup/test-db.ts'
import { DEMO_EMAIL } from './seed.server.ts'
import { databaseReady, prepareDatabase } from './startup.server.ts'

const demoPassword = 'startup-test-demo'

test('PGlite: the first boot migrates and seeds, the next finds it done; ready once migrated', async () => {
  const handle = await openDb({ dataDir: 'memory://' })
  try {
    await expect(databaseReady(handle)).rejects.toThrow()
    expect(await prepareDatabase(handle, { demoPassword })).toEqual({ searchFilled: 0, seeded: true })
    expect(await prepareDatabase(handle, { demoPassword })).toEqual({ searchFilled: 0, seeded: false })
    expect(await databaseReady(handle)).toBe(true)
  } finally {
    await handle.close()
  }
})

// PGlite is one process: several processes sharing a database is the PostgreSQL server's case.
describe.runIf(serverUrl)('start-up shared by processes on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  test('three processes booting together on a fresh database all succeed; the demo is seeded once', { timeout: 120_000 }, async () => {
    const database = await createServerDatabase(serverUrl!)
    // Pools of one connection: the work under the lock must run on the lock's own connection.
    const handles = await Promise.all([1, 2, 3].map(() => openDb({ url: database.url, dataDir: '', poolSize: 1 })))
    try {
      const results = await Promise.allSettled(handles.map((handle) => prepareDatabase(handle, { demoPassword })))
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
      const seeded = results.map((r) => r.status === 'fulfilled' && r.value.seeded)
      expect(seeded.filter(Boolean)).toHaveLength(1)

      const db = handles[0]!.db
      const demo = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL))
      expect(demo).toHaveLength(1)
      expect(await db.$count(homepages, eq(homepages.code, 'demo'))).toBe(1)
      for (const handle of handles) expect(await databaseReady(handle)).toBe(true)
      // The lock was given back: another process takes it at once.
      expect(await handles[1]!.withLock(ADVISORY_LOCKS.startup, async () => 'taken', { wait: false })).toBe('taken')
    } finally {
      await Promise.all(handles.map((handle) => handle.close()))
      await database.drop()
    }
  })
})

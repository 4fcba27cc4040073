import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSession } from '#app/auth/session.server.ts'
import { ADVISORY_LOCKS } from '#app/db/advisory-locks.ts'
import { idempotencyKeys, jobRuns, sessions, uploads } from '#app/db/schema/index.ts'
import { diskStorage, type UploadStorage } from '#app/uploads/storage.server.ts'
import { createUser } from '#tests/db-utils.ts'
import { createTestDb, serverUrl, type TestDb } from '#tests/setup/test-db.ts'
import { IDEMPOTENCY_KEY_TTL_MS, purgeIdempotencyKeys, refreshStatistics, runMaintenance, runMaintenanceOnce, startMaintenance } from './maintenance.server.ts'

let handle: TestDb
const db = () => handle.db
let dir: string
let storage: UploadStorage
beforeAll(async () => {
  handle = await createTestDb()
  dir = await mkdtemp(join(tmpdir(), 'qiye-maintenance-'))
  storage = diskStorage(dir)
})
afterAll(async () => {
  await handle.dispose()
  await rm(dir, { recursive: true, force: true })
})

/** An idempotency key of `userId`, made `hours` ago. */
async function key(userId: number, name: string, hours: number) {
  await db()
    .insert(idempotencyKeys)
    .values({ userId, key: name, createdAt: sql`now() - make_interval(hours => ${hours})` })
}
const keys = async (userId: number) =>
  (await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).map((k) => k.key).sort()

const oldName = 'abcdefabcdefabcdefabcdefabcdefab.png'
const ageUpload = (name: string) =>
  db()
    .update(uploads)
    .set({ uploadedAt: sql`now() - interval '25 hours'` })
    .where(eq(uploads.name, name))

test('idempotency keys older than a day are dropped, newer ones kept', async () => {
  expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * 60 * 60 * 1000)
  const { user } = await createUser(db())
  await key(user.id, 'old', 25)
  await key(user.id, 'recent', 23)
  await key(user.id, 'now', 0)
  expect(await purgeIdempotencyKeys(db())).toBeGreaterThanOrEqual(1)
  expect(await keys(user.id)).toEqual(['now', 'recent'])
  expect(await purgeIdempotencyKeys(db())).toBe(0)
})

test('one pass ends expired sessions, drops old keys and cleans up uploads', async () => {
  const { user } = await createUser(db())
  await createSession(db(), user.id, { ip: '127.0.0.1', userAgent: null })
  await db()
    .insert(sessions)
    .values({ idHash: 'e'.repeat(64), userId: user.id, expiresAt: new Date(Date.now() - 1000) })
  await key(user.id, 'old', 30)
  await storage.put(oldName, Buffer.from('unused'))

  await runMaintenance(db(), { storage })
  const left = await db().select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))
  expect(left.map((s) => s.idHash)).not.toContain('e'.repeat(64))
  expect(left).toHaveLength(1)
  expect(await keys(user.id)).toEqual([])
  // The file found on disk is recorded now, and goes once it has been unused for the grace period.
  expect(await db().select().from(uploads).where(eq(uploads.name, oldName))).toHaveLength(1)
  await ageUpload(oldName)
  await runMaintenance(db(), { storage })
  expect(await readdir(dir)).toEqual([])
})

test('planner statistics: tables never analysed, or grown by a fifth, are analysed; then nothing until they change', async () => {
  const analysed = async () => {
    const result = await db().execute(sql`select reltuples from pg_class where relname = 'idempotency_keys'`)
    return (result as unknown as { rows: { reltuples: number }[] }).rows[0]!.reltuples
  }
  await refreshStatistics(db())
  expect(await refreshStatistics(db())).toEqual([])
  const { user } = await createUser(db())
  await db()
    .insert(idempotencyKeys)
    .values(Array.from({ length: 3000 }, (_, i) => ({ userId: user.id, key: `bulk-${i}` })))
  expect(await refreshStatistics(db())).toContain('idempotency_keys')
  expect(await analysed()).toBeGreaterThanOrEqual(3000)
  expect(await refreshStatistics(db())).toEqual([])
  await db().delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))
})

test('a failing step is reported, never thrown, and the other steps still run', async () => {
  const { user } = await createUser(db())
  await key(user.id, 'old', 30)
  const broken: UploadStorage = { ...storage, list: () => Promise.reject(new Error('disk gone')) }
  const failures: [string, unknown][] = []
  await runMaintenance(db(), { storage: broken, onError: (step, error) => failures.push([step, error]) })
  expect(failures).toEqual([['unused uploads', new Error('disk gone')]])
  expect(await keys(user.id)).toEqual([])
})

test('the job runs at start and on its interval, and stops: a stopped job runs no more', async () => {
  const { user } = await createUser(db())
  await key(user.id, 'at-start', 30)
  await db().delete(jobRuns)
  vi.spyOn(console, 'log').mockImplementation(() => {})
  const job = startMaintenance(handle, { storage, intervalMs: 100 })
  await vi.waitFor(async () => expect(await keys(user.id)).toEqual([]), { timeout: 5_000 })

  await key(user.id, 'on-interval', 30)
  await vi.waitFor(async () => expect(await keys(user.id)).toEqual([]), { timeout: 5_000 })

  await job.stop()
  await key(user.id, 'after-stop', 30)
  await new Promise((resolve) => setTimeout(resolve, 400))
  expect(await keys(user.id)).toEqual(['after-stop'])
})

test('two processes at once: one runs the pass, the other skips it; within the interval every pass skips, after it the next runs', async () => {
  await db().delete(jobRuns)
  const log = vi.spyOn(console, 'log').mockImplementation(() => {})
  const intervalMs = 2_000
  const pass = () => runMaintenanceOnce(handle, { storage, intervalMs })
  expect((await Promise.all([pass(), pass()])).sort()).toEqual([false, true])
  expect(await pass()).toBe(false)
  const [run] = await db().select().from(jobRuns)
  expect(run).toMatchObject({ name: 'maintenance', ranBy: `pid ${process.pid} on host ${hostname()}` })
  expect(run!.lastFinishedAt!.getTime()).toBeGreaterThanOrEqual(run!.lastStartedAt.getTime())
  // One line, saying who ran it; skipping says nothing.
  expect(log.mock.calls).toEqual([[expect.stringMatching(/^Maintenance: ran by pid \d+ on host \S+: .+\.$/)]])

  await new Promise((resolve) => setTimeout(resolve, intervalMs))
  expect(await pass()).toBe(true)
})

describe.runIf(serverUrl)('on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  test('a pass still running in another process is not overlapped, even once its interval is over', async () => {
    await db().delete(jobRuns)
    vi.spyOn(console, 'log').mockImplementation(() => {})
    // Another connection, as another process's pass would, holds the job's lock.
    const elsewhere = handle.withLock(ADVISORY_LOCKS.maintenance, async () => {
      expect(await runMaintenanceOnce(handle, { storage, intervalMs: 1 })).toBe(false)
      return 'held'
    })
    expect(await elsewhere).toBe('held')
    expect(await db().$count(jobRuns)).toBe(0)
    expect(await runMaintenanceOnce(handle, { storage, intervalMs: 1 })).toBe(true)
  })
})

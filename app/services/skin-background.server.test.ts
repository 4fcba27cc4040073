import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { skinHistory, uploads } from '#app/db/schema/index.ts'
import { diskStorage, type UploadStorage } from '#app/uploads/storage.server.ts'
import { UPLOAD_PREFIX } from '#app/uploads/upload-path.ts'
import { createUser } from '#tests/db-utils.ts'
import { png } from '#tests/fixtures/images.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { listSkinHistory, saveBackground, SKIN_HISTORY_LIMIT, uploadCustomSkin } from './skin-background.server.ts'

const db = useTestDb()
let dir: string
let storage: UploadStorage
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qiye-skin-'))
  storage = diskStorage(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const nameOf = (path: string) => path.slice(UPLOAD_PREFIX.length)
const stored = async (path: string) => (await storage.get(nameOf(path))) !== null
const recorded = async (paths: string[]) => (await db().select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, paths.map(nameOf)))).length

test('the upload history keeps the newest 20; the files of the rows dropped go unless another row names them', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  // The first: the homepage's skin as well, so its picture stays when its row goes (its thumbnail does not).
  const first = await uploadCustomSkin(db(), user, await png(40, 30, { r: 1, g: 2, b: 3 }), storage)
  await saveBackground(db(), user, user.currentHomepageId!, { image: first.key })
  // The second: another user uploaded the same bytes, and their row keeps both files.
  const bytes = await png(41, 30, { r: 4, g: 5, b: 6 })
  const second = await uploadCustomSkin(db(), user, bytes, storage)
  await uploadCustomSkin(db(), other, bytes, storage)
  // The third: a solid colour whose 503×198 thumbnail the next upload (same colour, another size) shares.
  const third = await uploadCustomSkin(db(), user, await png(42, 30, { r: 7, g: 8, b: 9 }), storage)
  const newest: Awaited<ReturnType<typeof uploadCustomSkin>>[] = []
  for (let i = 0; i < SKIN_HISTORY_LIMIT; i++) {
    newest.push(await uploadCustomSkin(db(), user, await png(50 + i, 30, i === 0 ? { r: 7, g: 8, b: 9 } : { r: 100 + i, g: 50, b: 20 }), storage))
  }
  expect(newest[0]!.url).toBe(third.url)

  const rows = await db().select({ id: skinHistory.id }).from(skinHistory).where(eq(skinHistory.userId, user.id))
  expect(rows).toHaveLength(SKIN_HISTORY_LIMIT)
  expect((await listSkinHistory(db(), user)).map((h) => h.id)).toEqual(newest.map((h) => h.id).reverse())
  expect(await listSkinHistory(db(), other)).toHaveLength(1)

  expect([await stored(first.key), await stored(first.url)]).toEqual([true, false])
  expect([await stored(second.key), await stored(second.url)]).toEqual([true, true])
  expect([await stored(third.key), await stored(third.url)]).toEqual([false, true])
  expect(await recorded([first.url, third.key])).toBe(0)
  expect(await recorded([first.key, second.key, second.url, third.url])).toBe(4)
  for (const h of newest) expect(await stored(h.key)).toBe(true)
})

import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, getTableColumns, getTableName, inArray, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as schema from '#app/db/schema/index.ts'
import { bags, discoverCategories, discoverSites, groupBookmarks, groupCategories, groups, homepages, iconHistory, modules, notes, skinHistory, sources, uploads, users } from '#app/db/schema/index.ts'
import { storeImage } from '#app/uploads/image.server.ts'
import { s3Storage } from '#app/uploads/s3-storage.server.ts'
import { diskStorage, variantName, type UploadStorage } from '#app/uploads/storage.server.ts'
import { UPLOAD_PREFIX } from '#app/uploads/upload-path.ts'
import { createOwner } from '#tests/db-utils.ts'
import { png } from '#tests/fixtures/images.ts'
import { startS3 } from '#tests/sites/s3-server.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { cleanUpUploads, recordUpload, UNRECORDED_KIND, UPLOAD_GRACE_MS, UPLOAD_REFERENCES } from './records.server.ts'

const db = useTestDb()
let dir: string
let storage: UploadStorage
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qiye-cleanup-'))
  storage = diskStorage(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

let seed = 0
/** A new picture (its own bytes, so its own name), stored and recorded as an upload by `userId`. */
async function upload(userId: number | null = null) {
  const { src } = await storeImage(await png(4 + (seed++ % 200), 4), 'icon', { db: db(), userId, storage })
  return { src, name: src.slice(UPLOAD_PREFIX.length) }
}

/** Makes an upload look as if its last upload was `hours` ago. */
async function age(name: string, hours = 25) {
  await db()
    .update(uploads)
    .set({ uploadedAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(uploads.name, name))
}

const onDisk = async () => (await readdir(dir)).sort()
const rowNames = async (names: string[]) => (await db().select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, names))).map((r) => r.name).sort()

test('the grace period is a day', () => {
  expect(UPLOAD_GRACE_MS).toBe(24 * 60 * 60 * 1000)
})

test('an old unreferenced upload goes with its resized copies; referenced and fresh ones stay', async () => {
  const { user, homepageId } = await createOwner(db(), ['分类'])
  const used = await upload(user.id)
  const unused = await upload(user.id)
  const fresh = await upload(user.id)
  await storage.put(variantName(unused.name, 40), Buffer.from('copy'))
  await storage.put(variantName(unused.name, 192), Buffer.from('copy'))
  await storage.put(variantName(used.name, 40), Buffer.from('copy'))
  await db().update(homepages).set({ icon: used.src }).where(eq(homepages.id, homepageId))
  await age(used.name)
  await age(unused.name)
  await age(fresh.name, 23)

  const result = await cleanUpUploads(db(), { storage })
  expect(result.deleted).toEqual([unused.name])
  const files = await onDisk()
  expect(files).toContain(used.name)
  expect(files).toContain(variantName(used.name, 40))
  expect(files).toContain(fresh.name)
  expect(files.filter((f) => f.startsWith(unused.name.slice(0, 32)))).toEqual([])
  expect(await rowNames([used.name, unused.name, fresh.name])).toEqual([used.name, fresh.name].sort())

  // Nothing else to do the second time.
  expect((await cleanUpUploads(db(), { storage })).deleted).toEqual([])
})

test('on an object store the clean-up does the same: a file in the bucket without a row is registered; an old unused upload goes with its copies', async () => {
  const s3 = await startS3({ bucket: 'clean-up' })
  try {
    const bucket = s3Storage({ ...s3.config(), prefix: 'qiye', pageSize: 2 })
    const { user, homepageId } = await createOwner(db(), ['分类'])
    const store = async (width: number) => (await storeImage(await png(width, 7), 'icon', { db: db(), userId: user.id, storage: bucket })).src
    const [usedSrc, unusedSrc] = [await store(230), await store(231)]
    const [used, unused] = [usedSrc.slice(UPLOAD_PREFIX.length), unusedSrc.slice(UPLOAD_PREFIX.length)]
    await bucket.put(variantName(unused, 40), Buffer.from('copy'))
    await bucket.put(variantName(used, 96), Buffer.from('copy'))
    // Put there by another process, or before the rows: registered now, kept for its grace period.
    const stray = `${'ab'.repeat(16)}.png`
    await bucket.put(stray, Buffer.from('stray'))
    await db().update(homepages).set({ icon: usedSrc }).where(eq(homepages.id, homepageId))
    await age(used)
    await age(unused)

    const result = await cleanUpUploads(db(), { storage: bucket })
    expect(result.registered).toBe(1)
    expect(result.deleted).toContain(unused)
    expect(result.deleted).not.toContain(used)
    expect((await bucket.list()).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: stray, bytes: 5 },
      { name: used, bytes: expect.any(Number) },
    ])
    expect(await bucket.get(variantName(unused, 40))).toBeNull()
    expect(await bucket.get(variantName(used, 96))).not.toBeNull()
    expect(await rowNames([used, unused, stray])).toEqual([used, stray].sort())
  } finally {
    await s3.stop()
  }
})

test('a reference in any column of the list keeps the file: icons, the skin document, icon history, avatars, skin history, a note’s image, a group’s icons and banner, a discover site’s icon', async () => {
  const { user, homepageId, moduleId, bids } = await createOwner(db(), ['分类'])
  const refs = new Map<(typeof UPLOAD_REFERENCES)[number], Awaited<ReturnType<typeof upload>>>()
  for (const column of UPLOAD_REFERENCES) refs.set(column, await upload(user.id))
  const path = (column: (typeof UPLOAD_REFERENCES)[number]) => refs.get(column)!.src
  // Every upload not yet referenced by its column would go: the reference is what keeps it.
  await db().update(homepages).set({ icon: path(homepages.icon), skin: { type: 'image', image: `${path(homepages.skin)}?w=192` } }).where(eq(homepages.id, homepageId))
  await db().update(modules).set({ icon: path(modules.icon) }).where(eq(modules.id, moduleId))
  await db().update(bags).set({ icon: path(bags.icon) }).where(eq(bags.id, bids[0]!))
  await db().insert(sources).values({ homepageId, bagId: bids[0]!, name: '链接', url: 'https://example.com/', icon: path(sources.icon) })
  await db().insert(iconHistory).values({ userId: user.id, key: path(iconHistory.key), type: 'image' })
  await db().update(users).set({ avatar: path(users.avatar) }).where(eq(users.id, user.id))
  await db().insert(skinHistory).values({ userId: user.id, key: path(skinHistory.key), thumb: path(skinHistory.thumb) })
  await db().insert(notes).values({ userId: user.id, kind: 'notebook', content: `<p>图</p><p><img src="${path(notes.content)}" alt=""></p>` })
  const [group] = await db().insert(groups).values({ userId: user.id, name: '小组', icon: path(groups.icon), banner: { image: path(groups.banner) } }).returning()
  const [groupCategory] = await db().insert(groupCategories).values({ groupId: group!.id, title: '分类', icon: path(groupCategories.icon) }).returning()
  await db().insert(groupBookmarks).values({ groupId: group!.id, categoryId: groupCategory!.id, name: '链接', url: 'https://example.com/', icon: path(groupBookmarks.icon) })
  const [discoverCategory] = await db().select().from(discoverCategories).limit(1)
  await db().insert(discoverSites).values({ userId: user.id, categoryId: discoverCategory!.id, name: '网站', url: 'https://example.com/', address: 'example.com', host: 'example.com', icon: path(discoverSites.icon) })
  const names = [...refs.values()].map((r) => r.name)
  expect(names).toHaveLength(15)
  for (const name of names) await age(name, 100)

  await cleanUpUploads(db(), { storage })
  expect(await rowNames(names)).toEqual([...names].sort())
  for (const name of names) expect(await onDisk()).toContain(name)

  // Once the homepage no longer shows its skin picture, that file goes.
  await db().update(homepages).set({ skin: {} }).where(eq(homepages.id, homepageId))
  expect((await cleanUpUploads(db(), { storage })).deleted).toEqual([refs.get(homepages.skin)!.name])
})

test('files stored before uploads were recorded get a row on the first clean-up and only go after the grace period', async () => {
  const legacy = '0123456789abcdef0123456789abcdef.png'
  const loneCopy = variantName('fedcba9876543210fedcba9876543210.jpg', 96)
  await storage.put(legacy, Buffer.from('legacy bytes'))
  await storage.put(loneCopy, Buffer.from('copy'))

  const first = await cleanUpUploads(db(), { storage })
  expect(first.registered).toBe(2)
  expect(first.deleted).toEqual([])
  const rows = await db().select().from(uploads).where(inArray(uploads.name, [legacy, 'fedcba9876543210fedcba9876543210.jpg']))
  expect(rows.map((r) => [r.name, r.kind, r.bytes, r.userId]).sort()).toEqual([
    [legacy, UNRECORDED_KIND, 12, null],
    ['fedcba9876543210fedcba9876543210.jpg', UNRECORDED_KIND, 0, null],
  ])
  expect(await onDisk()).toContain(legacy)

  // Registered once: a second run adds nothing.
  expect((await cleanUpUploads(db(), { storage })).registered).toBe(0)
  await age(legacy)
  await age('fedcba9876543210fedcba9876543210.jpg')
  expect((await cleanUpUploads(db(), { storage })).deleted.sort()).toEqual(['fedcba9876543210fedcba9876543210.jpg', legacy].sort())
  expect(await onDisk()).not.toContain(legacy)
  expect(await onDisk()).not.toContain(loneCopy)
})

test('uploading the same bytes again starts the grace period again', async () => {
  const { user } = await createOwner(db(), [])
  // Small enough that an icon and a notepad image come out the same.
  const bytes = await png(200, 5)
  const first = await storeImage(bytes, 'icon', { db: db(), userId: user.id, storage })
  const name = first.src.slice(UPLOAD_PREFIX.length)
  await age(name)
  await storeImage(bytes, 'notepad', { db: db(), userId: null, storage })
  const [row] = await db().select().from(uploads).where(eq(uploads.name, name))
  expect(row).toMatchObject({ kind: 'notepad', userId: null })
  expect((await cleanUpUploads(db(), { storage })).deleted).not.toContain(name)
  expect(await onDisk()).toContain(name)
})

test('an upload of bytes being cleaned up waits for the delete, then is stored afresh', async () => {
  const bytes = await png(444, 5)
  const { src } = await storeImage(bytes, 'icon', { db: db(), storage })
  const name = src.slice(UPLOAD_PREFIX.length)
  await age(name)
  // A storage whose delete of that file pauses until the test lets it go on.
  let release!: () => void
  let removing!: () => void
  const paused = new Promise<void>((resolve) => (release = resolve))
  const started = new Promise<void>((resolve) => (removing = resolve))
  const slow: UploadStorage = {
    ...storage,
    async remove(file) {
      if (file === name) {
        removing()
        await paused
      }
      return storage.remove(file)
    },
  }
  const cleanUp = cleanUpUploads(db(), { storage: slow })
  await started
  let uploaded = false
  const again = storeImage(bytes, 'icon', { db: db(), storage }).then(() => (uploaded = true))
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(uploaded).toBe(false)
  release()
  expect((await cleanUp).deleted).toContain(name)
  await again
  expect(await onDisk()).toContain(name)
  expect(await rowNames([name])).toEqual([name])
})

test('two clean-ups at once delete each file once and fail nowhere', async () => {
  const names = [] as string[]
  for (let i = 0; i < 6; i++) names.push((await upload()).name)
  for (const name of names) await age(name)
  const [a, b] = await Promise.all([cleanUpUploads(db(), { storage, batchSize: 2 }), cleanUpUploads(db(), { storage, batchSize: 2 })])
  const deleted = [...a.deleted, ...b.deleted].filter((n) => names.includes(n)).sort()
  expect(deleted).toEqual([...names].sort())
  for (const name of names) expect(await onDisk()).not.toContain(name)
  // One run may list a file just before the other deletes it and register it again: such a row
  // is fresh (never a reason to delete anything) and goes after its own grace period.
  const left = await db().select().from(uploads).where(inArray(uploads.name, names))
  for (const row of left) expect(Date.now() - row.uploadedAt.getTime()).toBeLessThan(60_000)
  for (const row of left) await age(row.name)
  await cleanUpUploads(db(), { storage })
  expect(await rowNames(names)).toEqual([])
})

test('recordUpload refreshes a row instead of failing on a second upload', async () => {
  await recordUpload(db(), { name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', kind: 'icon', bytes: 1, userId: null })
  await recordUpload(db(), { name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', kind: 'homepage-icon', bytes: 2, userId: null })
  const [row] = await db().select().from(uploads).where(eq(uploads.name, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'))
  expect(row).toMatchObject({ kind: 'homepage-icon', bytes: 2 })
})

/**
 * Text and JSON columns that never hold an upload path, each with why. A new column long enough
 * to hold `/uploads/<name>` must be put here or in UPLOAD_REFERENCES, or this test fails: a
 * forgotten reference would let the clean-up delete files still in use.
 */
const NOT_UPLOAD_PATHS: Record<string, string> = {
  'discover_sites.name': 'a site name, shown as text',
  'discover_sites.url': 'the recommended site’s own address (http or https)',
  'discover_sites.address': 'the normalised address compared for duplicates',
  'discover_sites.host': 'a host name',
  'discover_sites.summary': 'free text, shown as text',
  'bags.color': 'a #rrggbb colour',
  'bags.formats': 'validated text styles',
  'bags.card_config': 'numbers and style words',
  'bags.deleted_batch_id': 'a random UUID',
  'homepage_invites.token_hash': 'a hex hash',
  'homepages.summary': 'free text, shown as text',
  'homepages.settings': 'validated switches and positions',
  'homepages.layout': 'validated words and numbers',
  'idempotency_keys.key': 'a random form token',
  'modules.share_params': 'share title and summary text',
  'rate_limits.key': 'a limiter key',
  'sessions.id_hash': 'a hex hash',
  'user_identities.provider_user_id': "a provider's account id",
  'user_identities.display_name': "a provider's display name, shown as text",
  'oauth_states.state_hash': 'a hex hash',
  'oauth_states.code_verifier': 'a random PKCE verifier',
  'oauth_states.redirect_to': 'a same-origin path after sign-in',
  'wechat_logins.scene': 'a random scene id',
  'wechat_logins.browser_hash': 'a hex hash',
  'wechat_logins.ticket': "WeChat's QR ticket",
  'wechat_logins.url': "WeChat's QR address",
  'wechat_logins.openid': "a WeChat account's id",
  'sessions.user_agent': 'a browser string',
  'sessions.ip': 'an address',
  'password_resets.selector': 'a random token part',
  'password_resets.verifier_hash': 'a hex hash',
  'email_changes.selector': 'a random token part',
  'email_changes.verifier_hash': 'a hex hash',
  'email_changes.new_email': 'an e-mail address',
  'browser_history.path': 'a page path of ours, shown as a link',
  'browser_history.title': 'a page title, shown as text',
  'source_reports.name': 'a copied bookmark name',
  'source_reports.url': "another site's address",
  'source_reports.ip': 'an address',
  'source_reports.other': 'free text of a report',
  'sources.name': 'free text, shown as text',
  'sources.url': "another site's address",
  'sources.note': 'free text, shown as text',
  'sources.formats': 'validated text styles',
  'sources.private_remark': 'free text, shown as text',
  'sources.deleted_batch_id': 'a random UUID',
  'users.email': 'an e-mail address',
  'users.password_hash': 'an argon2 hash',
  'users.remembered_selection': 'ids',
  'bookmark_imports.title': 'an uploaded file name',
  'import_folders.name': 'a folder name from a bookmark file',
  'import_folders.description': 'free text from a bookmark file',
  'import_links.name': 'a bookmark name from a bookmark file',
  'import_links.raw_url': 'an address as a bookmark file wrote it',
  'import_links.url': "another site's address",
  'import_links.description': 'free text from a bookmark file',
  'import_runs.report': 'counts',
  'bookmark_log.name': 'a copied bookmark name',
  'bookmark_log.url': "another site's address",
  'bookmark_log.place': 'a category or file name',
  'sources.search_text': 'the search copy of name, pinyin, address and note',
  'notices.title': 'a notice title',
  'notices.content': 'plain text of a notice',
  'notices.link': 'an internal page path',
  'weather_places.report': "a weather provider's report",
  'search_history.word': 'a search keyword',
  'notes.title': 'free text, shown as text',
  'notes.extract': 'the plain text of a note',
  'notes.url': "another site's address",
  'notes.rendered': "a code snippet's highlighted HTML, made by the server from its text",
  'groups.summary': 'free text, shown as text',
  'group_bookmarks.name': 'free text, shown as text',
  'group_bookmarks.url': "another site's address",
  'group_bookmarks.note': 'free text, shown as text',
  'group_invites.token_hash': 'a hex hash',
  'group_logs.actor_name': 'a copied nickname',
  'group_logs.subject': 'a copied name, shown as text',
  'job_runs.name': "a periodic job's name",
  'job_runs.ran_by': 'the process that ran it (host and pid)',
}

test('every column long enough to hold an upload path is either a reference or known not to be one', () => {
  const longestPath = `${UPLOAD_PREFIX}${'0'.repeat(32)}.webp`.length
  const references = new Set(UPLOAD_REFERENCES.map((column) => `${getTableName(column.table)}.${column.name}`))
  const unclassified: string[] = []
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue
    for (const column of Object.values(getTableColumns(table))) {
      const type = column.getSQLType()
      const length = /^varchar\((\d+)\)$/.exec(type)?.[1]
      const canHoldPath = type === 'text' || type === 'jsonb' || type === 'json' || (length !== undefined && Number(length) >= longestPath)
      const key = `${getTableName(table)}.${column.name}`
      if (canHoldPath && !references.has(key) && !(key in NOT_UPLOAD_PATHS)) unclassified.push(key)
    }
  }
  expect(unclassified, 'add each to UPLOAD_REFERENCES (app/uploads/records.server.ts) or NOT_UPLOAD_PATHS').toEqual([])
  for (const key of Object.keys(NOT_UPLOAD_PATHS)) expect(references.has(key), key).toBe(false)
})

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { describe, expect, test } from 'vitest'
import { openDb, type DbHandle } from '#app/db/client.server.ts'
import { homepages } from '#app/db/schema/index.ts'
import { HomepageSchema, RESERVED_CODES } from '#app/schemas/homepage.ts'
import { createUser, uniqueIp } from '#tests/db-utils.ts'
import { createServerDatabase, serverUrl, useTestDb } from '#tests/setup/test-db.ts'
import { createAccount, register } from './account.server.ts'
import { codeSeed, DEFAULT_HOMEPAGE_ICON, defaultHomepageTitle } from './homepage-defaults.server.ts'
import { toggleHomepageOpen, updateHomepage } from './homepages.server.ts'

const testDb = useTestDb()
const homepageOf = async (id: number) => (await testDb().select().from(homepages).where(eq(homepages.id, id)))[0]!
const tag = () => Math.random().toString(36).slice(2, 8).replace(/^[^a-z]+/, 'q')

describe('a new default homepage', () => {
  test('stores its title, the default icon and a free code, so 编辑 → 保存 and 公开主页 work untouched', async () => {
    const local = `wang-${tag()}`
    const { user } = await createUser(testDb(), { nickname: '小王', email: `${local}@example.com` })
    const homepage = await homepageOf(user.currentHomepageId!)
    expect(homepage).toMatchObject({ title: '小王的主页', icon: DEFAULT_HOMEPAGE_ICON, code: local, isOpen: false })
    // The edit form's fields as they are, saved as they are.
    const input = HomepageSchema.parse({ homepageId: homepage.id, title: homepage.title, summary: homepage.summary, icon: homepage.icon, code: homepage.code })
    await expect(updateHomepage(testDb(), user, { ...input, homepageId: homepage.id })).resolves.toMatchObject({ code: local })
    await expect(toggleHomepageOpen(testDb(), user, homepage.id)).resolves.toMatchObject({ isOpen: true })
  })

  test('a taken or reserved code gets the first free number; a social account (no e-mail) is named from the nickname in pinyin', async () => {
    const local = `li-${tag()}`
    const first = await createUser(testDb(), { email: `${local}@example.com` })
    const second = await createUser(testDb(), { email: `${local.toUpperCase()}@example.org` })
    expect((await homepageOf(first.user.currentHomepageId!)).code).toBe(local)
    expect((await homepageOf(second.user.currentHomepageId!)).code).toBe(`${local}2`)

    const admin = await register(testDb(), { nickname: '管理', email: `admin@${tag()}.example.com`, password: 'correct horse' }, uniqueIp())
    expect((await homepageOf(admin.currentHomepageId!)).code).toBe('admin2')
    expect(RESERVED_CODES.has('admin')).toBe(true)

    const social = await testDb().transaction((tx) => createAccount(tx, { email: null, nickname: '重庆小王', passwordHash: null }))
    const again = await testDb().transaction((tx) => createAccount(tx, { email: null, nickname: '重庆小王', passwordHash: null }))
    const codes = [(await homepageOf(social.currentHomepageId!)).code, (await homepageOf(again.currentHomepageId!)).code]
    expect(codes[0]).toMatch(/^chongqingxiaowang\d*$/)
    expect(new Set(codes).size).toBe(2)
  })

  test('every code fits the rules of a personal domain, and every title the 20 characters of a name', () => {
    const rule = /^[a-z][a-z0-9-]{3,19}$/
    for (const user of [
      { email: '1.2.3@example.com', nickname: '王' },
      { email: 'ab@example.com', nickname: 'x' },
      { email: null, nickname: '😀😀' },
      { email: null, nickname: 'Ｗａｎｇ Ｘｉａｏ' },
      { email: 'a-very-long.local.part.of.an.address-indeed@example.com', nickname: 'n' },
      { email: null, nickname: '微信用户a1b2c3' },
    ]) {
      expect(codeSeed(user)).toMatch(rule)
    }
    expect(codeSeed({ email: 'ab@example.com', nickname: '' })).toBe('ab-home')
    expect(codeSeed({ email: null, nickname: '😀' })).toBe('home')
    const title = defaultHomepageTitle('一二三四五六七八九十一二三四五六七八九十')
    expect(title).toBe('一二三四五六七八九十一二三四五六七的主页')
    expect(HomepageSchema.shape.title.safeParse(defaultHomepageTitle('😀'.repeat(20))).success).toBe(true)
  })
})

describe('drizzle/0021 fills the homepages made before', () => {
  const drizzleFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

  /** The migrations up to and without 0021, in a folder of their own. */
  function foldersBeforeAndAll() {
    const before = mkdtempSync(path.join(tmpdir(), 'qiye-migrations-'))
    cpSync(drizzleFolder, before, { recursive: true })
    const journalPath = path.join(before, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
    journal.entries = journal.entries.filter((entry) => entry.tag < '0021')
    writeFileSync(journalPath, JSON.stringify(journal))
    return { before, cleanup: () => rmSync(before, { recursive: true, force: true }) }
  }

  async function migrateWith(handle: DbHandle, folder: string) {
    if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder })
    else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder })
  }

  test('title, icon and a free code for each live homepage; a trashed one keeps no code; none is made public', async () => {
    const database = serverUrl ? await createServerDatabase(serverUrl) : undefined
    const handle = await openDb(database ? { url: database.url, dataDir: '' } : { dataDir: 'memory://' })
    const { before, cleanup } = foldersBeforeAndAll()
    try {
      await migrateWith(handle, before)
      await handle.exec(`
        insert into users (id, email, nickname) values
          (1, 'Xiao.Wang@example.com', '小王'), (2, 'xiaowang@example.org', '二号'), (3, null, 'Li Lei'),
          (4, null, '王'), (5, 'admin@example.com', '管理'), (6, null, '一二三四五六七八九十一二三四五六七八九十');
        insert into homepages (id, user_id, title, icon, code, is_open, deleted_at) values
          (10, 1, '', '', null, false, null), (11, 2, '', '', null, false, null), (12, 3, '我的', 'tabler:star', null, false, null),
          (13, 4, '', '', null, false, null), (14, 5, '', '', null, false, null), (15, 6, '', '', null, false, null),
          (16, 1, '旧的', '', null, false, now()), (17, 2, '有域名', '', 'keepme', true, null);`)
      await migrateWith(handle, drizzleFolder)
      const rows = await handle.rows<{ id: number; title: string; icon: string; code: string | null; is_open: boolean }>(
        'select id, title, icon, code, is_open from homepages order by id',
        [],
      )
      expect(rows).toEqual([
        { id: 10, title: '小王的主页', icon: 'tabler:home', code: 'xiaowang', is_open: false },
        { id: 11, title: '二号的主页', icon: 'tabler:home', code: 'xiaowang2', is_open: false },
        { id: 12, title: '我的', icon: 'tabler:star', code: 'lilei', is_open: false },
        { id: 13, title: '王的主页', icon: 'tabler:home', code: 'home', is_open: false },
        { id: 14, title: '管理的主页', icon: 'tabler:home', code: 'admin2', is_open: false },
        { id: 15, title: '一二三四五六七八九十一二三四五六七的主页', icon: 'tabler:home', code: 'home2', is_open: false },
        { id: 16, title: '旧的', icon: 'tabler:home', code: null, is_open: false },
        { id: 17, title: '有域名', icon: 'tabler:home', code: 'keepme', is_open: true },
      ])
    } finally {
      cleanup()
      await handle.close()
      await database?.drop()
    }
  })
})

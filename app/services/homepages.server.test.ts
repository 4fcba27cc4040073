import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepages, users } from '#app/db/schema/index.ts'
import { HomepageSchema, RESERVED_CODES } from '#app/schemas/homepage.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import {
  createHomepage,
  DEFAULT_NOT_DELETABLE,
  hardDeleteHomepage,
  listCreatedHomepages,
  listTrashedHomepages,
  restoreHomepage,
  RESTORED_WITHOUT_CODE,
  SET_CODE_FIRST,
  setDefaultHomepage,
  switchHomepage,
  toggleHomepageOpen,
  toggleHomepagePin,
  TOO_MANY_PINNED,
  trashHomepage,
  updateHomepage,
} from './homepages.server.ts'
import { listModules } from './module.server.ts'

const testDb = useTestDb()
const icon = 'tabler:home'
const input = (title: string, code?: string) => HomepageSchema.parse({ title, icon, code })

describe('add / edit validation (spec §5)', () => {
  const messages = (body: Record<string, unknown>) => HomepageSchema.safeParse(body).error?.issues.map((i) => i.message) ?? []
  test('the spec’s messages', () => {
    expect(messages({ title: '', icon })).toEqual(['请输入主页名称'])
    expect(messages({ title: '一'.repeat(21), icon })).toEqual(['主页名称不能超过20个字'])
    expect(messages({ title: '好', icon, summary: '字'.repeat(101) })).toEqual(['主页简介不能超过100个字'])
    expect(messages({ title: '好', icon: '' })).toEqual(['请上传图标'])
    expect(messages({ title: '好', icon: 'https://evil.example/x.png' })).toEqual(['请上传图标'])
    expect(messages({ title: '好', icon, code: 'abc' })).toEqual(['个性域名长度在4至20个字符内'])
    expect(messages({ title: '好', icon, code: '1abcd' })).toEqual(['4-20位数字、字母、中划线组合，且必须为字母开头'])
    expect(messages({ title: '好', icon, code: 'ab_cd' })).toEqual(['4-20位数字、字母、中划线组合，且必须为字母开头'])
    expect(messages({ title: '好', icon, code: 'LOGIN' })).toEqual(['该个性域名为系统保留，请换一个'])
    expect(messages({ homepageId: 5, title: '好', icon, code: '' })).toEqual(['请输入个性域名'])
    expect(messages({ title: '好', icon, code: '' })).toEqual([])
    // Full-width letters are folded before the rules apply.
    expect(HomepageSchema.parse({ title: '好', icon, code: 'ｗｏｒｋ-1' }).code).toBe('work-1')
  })

  test('every static first segment of our routes is reserved', async () => {
    const { readFile } = await import('node:fs/promises')
    const routes = await readFile('app/routes.ts', 'utf8')
    // Top-level routes only (two spaces in): those under prefix('api') live below /api.
    const firsts = [...routes.matchAll(/^  route\('([a-z][\w-]*)/gm)].map((m) => m[1]!)
    expect(firsts.length).toBeGreaterThan(3)
    for (const first of [...firsts, 'api']) expect(RESERVED_CODES.has(first), first).toBe(true)
  })
})

describe('owning many homepages', () => {
  test('create, switch, edit; a taken code in any letter case is refused and nothing is written', async () => {
    const db = testDb()
    const { user } = await createUser(db)
    const { user: other } = await createUser(db)
    const created = await createHomepage(db, user, input('工作台', 'Work-Desk'))
    expect(created).toMatchObject({ code: 'Work-Desk', isDefault: false, isOpen: false })
    expect((await listModules(db, user, created.id)).map((m) => m.name)).toEqual(['常用'])
    const [me] = await db.select().from(users).where(eq(users.id, user.id))
    expect(me!.currentHomepageId).toBe(created.id)

    const before = await db.select().from(homepages)
    await expect(createHomepage(db, other, input('抢注', 'work-desk'))).rejects.toThrow('该个性域名已被占用')
    await expect(createHomepage(db, other, input('抢注', 'WORK-DESK'))).rejects.toThrow('该个性域名已被占用')
    expect(await db.select().from(homepages)).toEqual(before)

    await switchHomepage(db, user, user.currentHomepageId!)
    await updateHomepage(db, user, { ...input('工作台二', 'work-desk'), homepageId: created.id })
    await expect(updateHomepage(db, other, { ...input('入侵', 'evil-code'), homepageId: created.id })).rejects.toThrow(NOT_FOUND)
    await expect(switchHomepage(db, other, created.id)).rejects.toThrow(NOT_FOUND)
  })

  test('at most three pinned; pinned first by sort descending, then newest first; two pins at once cannot make four', async () => {
    const db = testDb()
    const { user } = await createUser(db)
    const made = []
    for (const title of ['一', '二', '三', '四', '五']) made.push(await createHomepage(db, user, input(title)))
    expect(await toggleHomepagePin(db, user, made[0]!.id)).toEqual({ sort: 1 })
    expect(await toggleHomepagePin(db, user, made[2]!.id)).toEqual({ sort: 2 })
    const results = await Promise.allSettled([toggleHomepagePin(db, user, made[3]!.id), toggleHomepagePin(db, user, made[4]!.id)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { message: TOO_MANY_PINNED } })
    await expect(toggleHomepagePin(db, user, made[1]!.id)).rejects.toThrow(TOO_MANY_PINNED)
    const pinned4th = results.findIndex((r) => r.status === 'fulfilled') === 0 ? made[3]! : made[4]!
    const titles = (await listCreatedHomepages(db, user)).map((h) => h.title)
    expect(titles.slice(0, 3)).toEqual([pinned4th.title, '三', '一'])
    expect(await toggleHomepagePin(db, user, made[0]!.id)).toEqual({ sort: 0 })
    expect(await toggleHomepagePin(db, user, made[1]!.id)).toEqual({ sort: 4 })
  })

  test('the default homepage cannot be deleted; trash, restore, delete for good', async () => {
    const db = testDb()
    const { user } = await createUser(db)
    const starter = user.currentHomepageId!
    await expect(trashHomepage(db, user, starter)).rejects.toThrow(DEFAULT_NOT_DELETABLE)
    const second = await createHomepage(db, user, input('第二', 'second-page'))
    await setDefaultHomepage(db, user, second.id)
    await expect(trashHomepage(db, user, second.id)).rejects.toThrow(DEFAULT_NOT_DELETABLE)
    await trashHomepage(db, user, starter)
    expect((await listTrashedHomepages(db, user, { page: 1 })).list.map((h) => h.id)).toEqual([starter])
    expect((await restoreHomepage(db, user, starter)).msg).toBe('主页已恢复')
    await trashHomepage(db, user, starter)
    await hardDeleteHomepage(db, user, starter)
    expect(await db.select().from(homepages).where(eq(homepages.id, starter))).toEqual([])
    await expect(hardDeleteHomepage(db, user, second.id)).rejects.toThrow(NOT_FOUND)
  })

  test('restoring a homepage whose code was taken meanwhile brings it back without the code, private', async () => {
    const db = testDb()
    const { user } = await createUser(db)
    const { user: other } = await createUser(db)
    const page = await createHomepage(db, user, input('旧主页', 'Old-Name'))
    await toggleHomepageOpen(db, user, page.id)
    await trashHomepage(db, user, page.id)
    await createHomepage(db, other, input('新主人', 'old-name'))
    expect(await restoreHomepage(db, user, page.id)).toEqual({ msg: RESTORED_WITHOUT_CODE, codeCleared: true })
    const [row] = await db.select().from(homepages).where(eq(homepages.id, page.id))
    expect(row).toMatchObject({ code: null, isOpen: false, deletedAt: null })
  })

  test('sharing needs a code; only the owner toggles it; clearing the code makes it private', async () => {
    const db = testDb()
    const { user } = await createUser(db)
    const { user: other } = await createUser(db)
    const bare = await createHomepage(db, user, input('无域名'))
    await expect(toggleHomepageOpen(db, user, bare.id)).rejects.toThrow(SET_CODE_FIRST)
    const named = await createHomepage(db, user, input('有域名', 'has-code'))
    expect(await toggleHomepageOpen(db, user, named.id)).toEqual({ isOpen: true, msg: '主页已公开！' })
    await expect(toggleHomepageOpen(db, other, named.id)).rejects.toThrow(FORBIDDEN)
    await expect(trashHomepage(db, other, named.id)).rejects.toThrow(FORBIDDEN)
    expect(await toggleHomepageOpen(db, user, named.id)).toEqual({ isOpen: false, msg: '主页已经取消分享！' })
    await expect(toggleHomepageOpen(db, other, named.id)).rejects.toThrow(NOT_FOUND)
  })
})

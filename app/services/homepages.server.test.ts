import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageFollows, homepageMembers, homepages, users } from '#app/db/schema/index.ts'
import { HomepageSchema, RESERVED_CODES } from '#app/schemas/homepage.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import {
  createHomepage,
  DEFAULT_NOT_DELETABLE,
  hardDeleteHomepage,
  HOMEPAGE_PAGE_SIZE,
  listCreatedHomepages,
  listRelatedHomepages,
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
import { resolveHomepage } from './homepage.server.ts'
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
    // Top-level entries only (two spaces in): the calls under prefix('api') live below /api.
    const firsts = [...routes.matchAll(/^ {2}(?:route|\.\.\.prefix)\('([a-z][\w-]*)/gm)].map((m) => m[1]!)
    expect(firsts).toEqual(expect.arrayContaining(['login', 'api', 'user', 'invite']))
    for (const first of firsts) expect(RESERVED_CODES.has(first), first).toBe(true)
  })

  test('the first segments of the spec’s routes (§2) are reserved, and refused in any letter case', () => {
    const spec = ['group', 'invite', 'collection', 's', 'blog', 'editor', 'preview', 'login', 'user', 'err', 'upload', 'discover', 'tool', 'help', 'plugin', 'forget', 'oauth', 'site', 'friend-links', 'sitemap', 'super']
    for (const first of spec) expect(RESERVED_CODES.has(first), first).toBe(true)
    expect(messages({ title: '好', icon, code: 'Invite' })).toEqual(['该个性域名为系统保留，请换一个'])
    expect(messages({ title: '好', icon, code: 'ＵＳＥＲ' })).toEqual(['该个性域名为系统保留，请换一个'])
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

describe('only the owner', () => {
  test('a member, a manager, a follower and a visitor of an open homepage are refused everything, and nothing changes', async () => {
    const db = testDb()
    const { user: owner } = await createUser(db)
    const page = await createHomepage(db, owner, input('共享', 'shared-page'))
    await toggleHomepageOpen(db, owner, page.id)
    const people = []
    for (const relation of ['member', 'manager', 'follower', 'visitor'] as const) {
      const { user } = await createUser(db)
      if (relation === 'member' || relation === 'manager') await db.insert(homepageMembers).values({ homepageId: page.id, userId: user.id, permission: relation })
      if (relation === 'follower') await db.insert(homepageFollows).values({ homepageId: page.id, userId: user.id })
      people.push(user)
    }
    const snapshot = async () => ({ homepages: await db.select().from(homepages).orderBy(homepages.id), users: await db.select().from(users).orderBy(users.id) })
    const before = await snapshot()
    for (const user of people) {
      // One at a time: started together, a rejection would land before its expect is awaited.
      const attempts = [
        () => updateHomepage(db, user, { ...input('占领', 'taken-over'), homepageId: page.id }),
        () => switchHomepage(db, user, page.id),
        () => setDefaultHomepage(db, user, page.id),
        () => toggleHomepagePin(db, user, page.id),
        () => toggleHomepageOpen(db, user, page.id),
        () => trashHomepage(db, user, page.id),
      ]
      for (const attempt of attempts) await expect(attempt()).rejects.toThrow(FORBIDDEN)
    }
    await trashHomepage(db, owner, page.id)
    const trashed = await snapshot()
    for (const user of people) {
      await expect(restoreHomepage(db, user, page.id)).rejects.toThrow(NOT_FOUND)
      await expect(hardDeleteHomepage(db, user, page.id)).rejects.toThrow(NOT_FOUND)
      expect((await listTrashedHomepages(db, user, { page: 1 })).list).toEqual([])
    }
    expect(await snapshot()).toEqual(trashed)
    expect(before.homepages.find((h) => h.id === page.id)).toMatchObject({ title: '共享', code: 'shared-page', isOpen: true, sort: 0 })
    await expect(createHomepage(db, null, input('游客'))).rejects.toThrow('请先登录')
  })

  test('trashing the current homepage sends `/` back to the default one', async () => {
    const db = testDb()
    const { user } = await createUser(db)
    const second = await createHomepage(db, user, input('第二'))
    const current = async () => (await db.select().from(users).where(eq(users.id, user.id)))[0]!.currentHomepageId
    expect(await current()).toBe(second.id)
    await trashHomepage(db, user, second.id)
    expect(await current()).toBeNull()
    const resolved = await resolveHomepage(db, user, null)
    expect(resolved?.homepage.id).toBe(user.currentHomepageId)
  })
})

describe('joined and followed lists', () => {
  test('a followed homepage no longer shared, or trashed, stays listed as not accessible; joined ones carry the role', async () => {
    const db = testDb()
    const { user: owner } = await createUser(db, { nickname: '主人' })
    const { user: me } = await createUser(db)
    const open = await createHomepage(db, owner, input('开着', 'still-open'))
    const closed = await createHomepage(db, owner, input('关了', 'now-closed'))
    const gone = await createHomepage(db, owner, input('删了', 'now-gone'))
    for (const page of [open, closed, gone]) {
      await toggleHomepageOpen(db, owner, page.id)
      await db.insert(homepageFollows).values({ homepageId: page.id, userId: me.id })
    }
    await db.insert(homepageMembers).values({ homepageId: closed.id, userId: me.id, permission: 'manager' })
    await toggleHomepageOpen(db, owner, closed.id)
    await trashHomepage(db, owner, gone.id)

    const followed = await listRelatedHomepages(db, me, 'followed', { page: 1 })
    const byTitle = Object.fromEntries(followed.list.map((h) => [h.title, h]))
    expect(byTitle['开着']).toMatchObject({ accessible: true, code: 'still-open', nickname: '主人' })
    expect(byTitle['关了']).toMatchObject({ accessible: false, code: 'now-closed' })
    // Its code may be someone else's by now.
    expect(byTitle['删了']).toMatchObject({ accessible: false, code: '', routeDomain: '' })
    expect(followed).toMatchObject({ total: 3, next: false })
    expect((await listRelatedHomepages(db, me, 'followed', { page: 1, wd: '开' })).list.map((h) => h.title)).toEqual(['开着'])

    const joined = await listRelatedHomepages(db, me, 'joined', { page: 1 })
    expect(joined.list).toEqual([expect.objectContaining({ title: '关了', memberRole: 'manager', accessible: true })])
  })

  test('ten to a page; the trash pages too', async () => {
    const db = testDb()
    const { user: owner } = await createUser(db)
    const { user: me } = await createUser(db)
    for (let i = 1; i <= 12; i++) {
      const page = await createHomepage(db, owner, input(`第${i}`))
      await db.insert(homepageFollows).values({ homepageId: page.id, userId: me.id })
      await trashHomepage(db, owner, page.id)
    }
    const first = await listRelatedHomepages(db, me, 'followed', { page: 1 })
    const second = await listRelatedHomepages(db, me, 'followed', { page: 2 })
    expect([first.list.length, first.next, second.list.length, second.next]).toEqual([HOMEPAGE_PAGE_SIZE, true, 2, false])
    const trash = [await listTrashedHomepages(db, owner, { page: 1 }), await listTrashedHomepages(db, owner, { page: 2 })]
    expect(trash.map((t) => [t.list.length, t.next, t.total])).toEqual([
      [10, true, 12],
      [2, false, 12],
    ])
    // Last trashed first, no row on two pages.
    expect(trash[0]!.list[0]!.title).toBe('第12')
    expect(new Set(trash.flatMap((t) => t.list.map((h) => h.id))).size).toBe(12)
  })
})

import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageMembers, modules } from '#app/db/schema/index.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { loadHomepageContent, resolveHomepage, resolveSharedModule } from './homepage.server.ts'
import { createHomepage, SET_CODE_FIRST, updateHomepage } from './homepages.server.ts'
import { saveModule } from './module.server.ts'
import { listOpenModules, SHARE_PARAM_MSG, saveShareParams, sharedModuleIntro, shareModule } from './module-share.server.ts'

const db = useTestDb()

/** An owner whose private homepage has a personal domain, the module 工作 and a second module. */
async function ownerWithCode() {
  const owner = await createOwner(db(), ['工具'])
  const code = `share-${owner.user.id}`
  await updateHomepage(db(), owner.user, { ...HomepageSchema.parse({ title: '我的', icon: 'tabler:home', code }), homepageId: owner.homepageId })
  const other = await saveModule(db(), owner.user, { homepageId: owner.homepageId, name: '私下', icon: 'tabler:star', moduleType: 0 })
  return { ...owner, code, otherModuleId: other.moduleId }
}

const moduleRow = async (moduleId: number) => (await db().select().from(modules).where(eq(modules.id, moduleId)))[0]!

describe('sharing a module', () => {
  test('a link needs a personal domain', async () => {
    // A default homepage has one from sign-up (issue 22); one made later may have none.
    const { user } = await createUser(db())
    const bare = await createHomepage(db(), user, HomepageSchema.parse({ title: '无域名', icon: 'tabler:home' }))
    const { moduleId } = await saveModule(db(), user, { homepageId: bare.id, name: '工作', icon: 'tabler:star', moduleType: 0 })
    await expect(shareModule(db(), user, moduleId)).rejects.toThrow(SET_CODE_FIRST)
    expect((await moduleRow(moduleId)).isOpen).toBe(false)
  })

  test('share now gives /{code}/{moduleId}; cancel closes it; only that module opens, also on a private homepage', async () => {
    const { user, moduleId, otherModuleId, code } = await ownerWithCode()
    expect(await resolveSharedModule(db(), null, code, moduleId)).toBeNull()

    expect(await shareModule(db(), user, moduleId)).toEqual({ moduleId, isOpen: true, url: `/${code}/${moduleId}` })
    // The homepage stays private: by its code nobody else gets it, through the shared module they get that module only.
    expect(await resolveHomepage(db(), null, code)).toBeNull()
    const viaShare = await resolveSharedModule(db(), null, code.toUpperCase(), moduleId)
    expect(viaShare?.role).toBe('guest')
    expect((await loadHomepageContent(db(), viaShare!, { moduleId })).modules.map((m) => m.name)).toEqual(['工作'])
    expect(await resolveSharedModule(db(), null, code, otherModuleId)).toBeNull()
    expect(await resolveSharedModule(db(), null, 'no-such-code', moduleId)).toBeNull()

    expect(await shareModule(db(), user, moduleId, true)).toEqual({ moduleId, isOpen: false, url: '' })
    expect(await resolveSharedModule(db(), null, code, moduleId)).toBeNull()
  })

  test('nobody but the owner shares, cancels or sets its params; nothing changes', async () => {
    const { user, homepageId, moduleId } = await ownerWithCode()
    await shareModule(db(), user, moduleId)
    await saveShareParams(db(), user, { moduleId, key: 'title', value: '原标题' })
    const { user: stranger } = await createUser(db())
    const { user: manager } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId, userId: manager.id, permission: 'manager' })
    const before = await moduleRow(moduleId)

    await expect(shareModule(db(), stranger, moduleId, true)).rejects.toThrow(NOT_FOUND)
    await expect(saveShareParams(db(), stranger, { moduleId, key: 'title', value: '改' })).rejects.toThrow(NOT_FOUND)
    await expect(shareModule(db(), manager, moduleId, true)).rejects.toThrow(FORBIDDEN)
    await expect(saveShareParams(db(), manager, { moduleId, key: 'title', value: '改' })).rejects.toThrow(FORBIDDEN)
    await expect(shareModule(db(), null, moduleId, true)).rejects.toThrow()
    await expect(shareModule(db(), user, 2_000_000_000)).rejects.toThrow(NOT_FOUND)
    expect(await moduleRow(moduleId)).toEqual(before)
  })
})

describe('share params', () => {
  test('only title (≤ 20) and summary (≤ 100); merged; shown on the shared page only while it is shared', async () => {
    const { user, moduleId } = await ownerWithCode()
    await expect(saveShareParams(db(), user, { moduleId, key: 'isOpen', value: true })).rejects.toThrow(SHARE_PARAM_MSG)
    await expect(saveShareParams(db(), user, { moduleId, key: '__proto__', value: 'x' })).rejects.toThrow(SHARE_PARAM_MSG)
    await expect(saveShareParams(db(), user, { moduleId, key: 'title', value: '标'.repeat(21) })).rejects.toThrow('标题不能超过20个字')
    await expect(saveShareParams(db(), user, { moduleId, key: 'summary', value: '简'.repeat(101) })).rejects.toThrow('简介不能超过100个字')
    await expect(saveShareParams(db(), user, { moduleId, key: 'title', value: { nested: 1 } })).rejects.toThrow()
    expect((await moduleRow(moduleId)).shareParams).toEqual({})

    expect(await saveShareParams(db(), user, { moduleId, key: 'title', value: ' 我的导航 ' })).toEqual({ title: '我的导航' })
    expect(await saveShareParams(db(), user, { moduleId, key: 'summary', value: '常用网站' })).toEqual({ title: '我的导航', summary: '常用网站' })
    expect(await sharedModuleIntro(db(), moduleId)).toBeNull()
    await shareModule(db(), user, moduleId)
    expect(await sharedModuleIntro(db(), moduleId)).toEqual({ title: '我的导航', summary: '常用网站' })
  })
})

describe('open-list', () => {
  test('the owner’s shared modules, paged and searchable; others see none of them', async () => {
    const { user, homepageId, moduleId, otherModuleId, code } = await ownerWithCode()
    const third = await saveModule(db(), user, { homepageId, name: '工作二', icon: 'tabler:star', moduleType: 0 })
    for (const id of [moduleId, otherModuleId, third.moduleId]) await shareModule(db(), user, id)

    const all = await listOpenModules(db(), user, { page: 1, size: 5, wd: '' })
    expect(all.total).toBe(3)
    expect(all.list.map((m) => m.url)).toEqual([moduleId, otherModuleId, third.moduleId].map((id) => `/${code}/${id}`))
    expect((await listOpenModules(db(), user, { page: 2, size: 2, wd: '' })).list.map((m) => m.moduleId)).toEqual([third.moduleId])
    expect((await listOpenModules(db(), user, { page: 1, size: 5, wd: '工作' })).list.map((m) => m.name)).toEqual(['工作', '工作二'])
    expect((await listOpenModules(db(), user, { page: 1, size: 5, wd: '_' })).total).toBe(0)

    const { user: stranger } = await createUser(db())
    expect(await listOpenModules(db(), stranger, { page: 1, size: 5, wd: '' })).toEqual({ list: [], total: 0 })
    await expect(listOpenModules(db(), null, { page: 1, size: 5, wd: '' })).rejects.toThrow()
  })
})

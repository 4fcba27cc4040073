import { and, eq, isNull } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { bags, homepages, modules, sources, type User } from '#app/db/schema/index.ts'
import { LinkSchema, ModuleSchema, TOO_MANY_CHILDREN } from '#app/schemas/content.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { listBagTree, moveBag, restoreBag, saveBag, trashBag } from './bag.server.ts'
import { hardDeleteModules, listModules, saveModule, setDefaultModule, sortModules } from './module.server.ts'
import {
  deleteSourceForever,
  folderChildren,
  listSources,
  recordClick,
  restoreSource,
  saveDivider,
  saveFolder,
  saveLink,
  sourceDetail,
  toggleStar,
  togglePrivate,
  trashSources,
} from './source.server.ts'
import { listTrash } from './trash.server.ts'

const db = useTestDb()

/** An owner with a homepage, a module and a category to put bookmarks in. */
async function owner() {
  const { bids, ...rest } = await createOwner(db(), ['常用工具'])
  return { ...rest, bid: bids[0]! }
}
const link = (bid: number, name = '示例', extra: Partial<Parameters<typeof saveLink>[2]> = {}) =>
  ({ bid, name, url: 'https://example.com/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '', ...extra })

test('modules: add, keep their type on edit, sort, set default, delete', async () => {
  const { user, homepageId, moduleId } = await owner()
  const edited = await saveModule(db(), user, { homepageId, moduleId, name: '工作台', icon: 'tabler:star', moduleType: 2 })
  expect(edited).toMatchObject({ name: '工作台', moduleType: 0 })
  const nav = await saveModule(db(), user, { homepageId, name: '导航', icon: 'tabler:compass', moduleType: 1 })
  const names = async () => (await listModules(db(), user, homepageId)).map((m) => m.name)
  expect(await names()).toEqual(['常用', '工作台', '导航'])
  const all = await listModules(db(), user, homepageId)
  await sortModules(db(), user, [nav.moduleId, moduleId, all[0]!.moduleId])
  expect(await names()).toEqual(['导航', '工作台', '常用'])
  await setDefaultModule(db(), user, nav.moduleId)
  expect((await listModules(db(), user, homepageId)).filter((m) => m.isDefault).map((m) => m.name)).toEqual(['导航'])
  await hardDeleteModules(db(), user, [nav.moduleId])
  const rest = await listModules(db(), user, homepageId)
  expect(rest.map((m) => m.name)).toEqual(['工作台', '常用'])
  expect(rest.filter((m) => m.isDefault)).toHaveLength(1)
})

test('the spec messages for module and link input', () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message
  expect(issue(ModuleSchema.safeParse({ homepageId: 1, name: '', icon: 'x' }))).toBe('请输入模块名称')
  expect(issue(ModuleSchema.safeParse({ homepageId: 1, name: '一'.repeat(21), icon: 'x' }))).toBe('模块名称不能超过20个字')
  expect(issue(ModuleSchema.safeParse({ homepageId: 1, name: '模块' }))).toBe('请选择图标')
  // An icon ends up in a CSS url() or an <img src>: only library keys and our own uploads.
  for (const icon of ['x") ; background:url(//evil.example/a', '/uploads/../api/sign/out', '/uploads/ab12-cd.png', 'https://evil.example/a.png', 'javascript:alert(1)']) {
    expect(issue(ModuleSchema.safeParse({ homepageId: 1, name: '模块', icon }))).toBe('请选择图标')
    expect(issue(LinkSchema.safeParse(link(1, '名', { icon })))).toBe('请选择图标')
  }
  const upload = `/uploads/${'0f'.repeat(16)}.jpg`
  expect(ModuleSchema.parse({ homepageId: 1, name: '模块', icon: upload }).icon).toBe(upload)
  expect(LinkSchema.parse(link(1, '名', { icon: 'tabler:star' })).icon).toBe('tabler:star')
  for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com/', 'http://user:pw@example.com/', 'example', '']) {
    expect(issue(LinkSchema.safeParse(link(1, '名', { url })))).toBe(url ? '请输入http或https开头的链接' : '请输入网站链接URL')
  }
  // An address without a scheme whose host looks like one becomes https (issue 22 item 7).
  expect(LinkSchema.parse(link(1, '名', { url: 'example.com' })).url).toBe('https://example.com/')
  expect(issue(LinkSchema.safeParse(link(1, '')))).toBe('请输入网站名称')
  expect(issue(LinkSchema.safeParse(link(1, '名'.repeat(101))))).toBe('网站名称的长度不能超过100个字')
  expect(issue(LinkSchema.safeParse(link(1, '名', { note: '备'.repeat(101) })))).toBe('备注的长度不能超过100个字')
  expect(LinkSchema.parse(link(1, '名', { url: ' HTTPS://Example.com/路径 ' })).url).toBe('https://example.com/%E8%B7%AF%E5%BE%84')
})

test('at most 100 bookmarks per parent, dividers excluded, folders counted separately', async () => {
  const { user, bid } = await owner()
  await db().insert(sources).values(
    Array.from({ length: 99 }, (_, i) => ({ homepageId: user.currentHomepageId!, bagId: bid, name: `链接${i}`, url: 'https://example.com/', sortKey: i })),
  )
  const folder = await saveFolder(db(), user, { bid, name: '文件夹', summary: '' })
  await expect(saveLink(db(), user, link(bid, '第101个'))).rejects.toThrow(TOO_MANY_CHILDREN)
  await expect(saveFolder(db(), user, { bid, name: '又一个', summary: '' })).rejects.toThrow(TOO_MANY_CHILDREN)
  await saveDivider(db(), user, { bid, name: '分割', align: 'left', style: 'dashed' })
  // A folder is its own parent: its children have room.
  const child = await saveLink(db(), user, link(bid, '子链接', { parentLinkId: folder.id }))
  // Moving the child out of the folder into the full category is refused as well.
  await expect(saveLink(db(), user, link(bid, '子链接', { id: child.id }))).rejects.toThrow(TOO_MANY_CHILDREN)
  const top = await listSources(db(), user, { bid, page: 1, size: 200, sort: 'custom' })
  expect(top.total).toBe(101)
  expect(top.list.filter((s) => s.type === 'divider')).toHaveLength(1)
  expect((await folderChildren(db(), user, folder.id)).list.map((s) => s.name)).toEqual(['子链接'])
})

test('10 concurrent adds into a category with 95 bookmarks leave exactly 100', async () => {
  const { user, bid } = await owner()
  await db().insert(sources).values(
    Array.from({ length: 95 }, (_, i) => ({ homepageId: user.currentHomepageId!, bagId: bid, name: `链接${i}`, url: 'https://example.com/', sortKey: i })),
  )
  const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => saveLink(db(), user, link(bid, `并发${i}`))))
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
  const rows = await db().select().from(sources).where(and(eq(sources.bagId, bid), isNull(sources.deletedAt)))
  expect(rows).toHaveLength(100)
})

test('trash and restore: a category comes back with its bookmarks; a bookmark alone too', async () => {
  const { user, bid, moduleId } = await owner()
  const sub = await saveBag(db(), user, { moduleId, parentId: bid, name: '子分类', icon: 'tabler:folder' })
  const a = await saveLink(db(), user, link(bid, '甲'))
  const b = await saveLink(db(), user, link(sub.bid, '乙'))
  await trashSources(db(), user, [a.id])
  await trashBag(db(), user, bid)
  const trash = await listTrash(db(), user, { page: 1, size: 20 })
  expect(trash.list.map((i) => `${i.kind}:${i.name}`)).toEqual(['bag:常用工具', 'source:甲'])
  await restoreBag(db(), user, bid)
  const live = await db().select().from(sources).where(and(eq(sources.bagId, sub.bid), isNull(sources.deletedAt)))
  expect(live.map((s) => s.id)).toEqual([b.id])
  // 甲 was trashed on its own before: it stays in the trash until restored itself.
  expect((await listTrash(db(), user, { page: 1, size: 20 })).list.map((i) => i.name)).toEqual(['甲'])
  await restoreSource(db(), user, a.id)
  expect((await listTrash(db(), user, { page: 1, size: 20 })).total).toBe(0)
  await trashSources(db(), user, [a.id])
  await deleteSourceForever(db(), user, a.id)
  expect(await db().select().from(sources).where(eq(sources.id, a.id))).toEqual([])
})

test('another user can neither read private items nor change anything', async () => {
  const mine = await owner()
  const { user: stranger } = await createUser(db())
  const secret = await saveLink(db(), mine.user, link(mine.bid, '私密', { isOnlyOwnView: true }))
  const open = await saveLink(db(), mine.user, link(mine.bid, '公开'))
  const actors: Array<User | null> = [stranger, null]
  for (const actor of actors) {
    // The homepage is private: everything in it is invisible, whatever the id.
    await expect(sourceDetail(db(), actor, open.id)).rejects.toThrow(NOT_FOUND)
    await expect(listSources(db(), actor, { bid: mine.bid, page: 1, size: 10, sort: 'custom' })).rejects.toThrow(NOT_FOUND)
  }
  const refusals = [
    () => saveLink(db(), stranger, link(mine.bid, '闯入')),
    () => saveLink(db(), stranger, link(mine.bid, '改名', { id: open.id })),
    () => saveBag(db(), stranger, { moduleId: mine.moduleId, name: '闯入', icon: 'x' }),
    () => saveModule(db(), stranger, { homepageId: mine.homepageId, name: '闯入', icon: 'x', moduleType: 0 }),
    () => sortModules(db(), stranger, [mine.moduleId]),
    () => hardDeleteModules(db(), stranger, [mine.moduleId]),
    () => trashBag(db(), stranger, mine.bid),
    () => trashSources(db(), stranger, [open.id]),
    () => togglePrivate(db(), stranger, secret.id),
    () => toggleStar(db(), stranger, open.id),
    () => recordClick(db(), stranger, open.id),
  ]
  for (const attempt of refusals) await expect(attempt()).rejects.toThrow(NOT_FOUND)

  // Once the homepage is public, the stranger sees it but still may not write, and private items stay masked.
  await db().update(homepages).set({ isOpen: true }).where(eq(homepages.id, mine.homepageId))
  await expect(sourceDetail(db(), stranger, secret.id)).rejects.toThrow(NOT_FOUND)
  const seen = await listSources(db(), stranger, { bid: mine.bid, page: 1, size: 10, sort: 'custom' })
  expect(seen.list.find((s) => s.id === secret.id)).toMatchObject({ name: '未公开链接', url: null })
  for (const attempt of refusals.slice(0, 10)) await expect(attempt()).rejects.toThrow(FORBIDDEN)
  await recordClick(db(), stranger, open.id)
  const [row] = await db().select().from(sources).where(eq(sources.id, open.id))
  expect(row).toMatchObject({ name: '公开', clickAmount: 1, isPrivate: false, liked: false })
  expect(await db().select().from(modules).where(eq(modules.id, mine.moduleId))).toHaveLength(1)
  expect(await db().select().from(bags).where(and(eq(bags.id, mine.bid), isNull(bags.deletedAt)))).toHaveLength(1)
})

test('categories move up and down among their siblings only', async () => {
  const { user, moduleId, bid } = await owner()
  const second = await saveBag(db(), user, { moduleId, name: '第二', icon: 'tabler:star' })
  await saveBag(db(), user, { moduleId, parentId: bid, name: '子分类', icon: 'tabler:star' })
  const third = await saveBag(db(), user, { moduleId, name: '第三', icon: 'tabler:star' })
  const names = async () => (await listBagTree(db(), user, moduleId)).map((b) => b.name)
  await moveBag(db(), user, third.bid, 'up')
  expect(await names()).toEqual(['常用工具', '第三', '第二'])
  await moveBag(db(), user, bid, 'up') // already first: nothing moves
  await moveBag(db(), user, second.bid, 'down') // already last
  expect(await names()).toEqual(['常用工具', '第三', '第二'])
  await moveBag(db(), user, bid, 'down')
  expect(await names()).toEqual(['第三', '常用工具', '第二'])
  expect((await listBagTree(db(), user, moduleId))[1]!.children.map((b) => b.name)).toEqual(['子分类'])
  const { user: stranger } = await createUser(db())
  await expect(moveBag(db(), stranger, bid, 'up')).rejects.toThrow(NOT_FOUND)
})

import { count, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { iconHistory } from '#app/db/schema/index.ts'
import { iconCategories, listIcons } from '#app/icons/library.server.ts'
import { IconUseSchema } from '#app/schemas/icon.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { iconCategoryList, iconList, recentIcons, recordIconUse } from './icons.server.ts'

const db = useTestDb()
const font = (key: string) => ({ key, type: 'font' as const })

test('a picked library icon comes first in the recent icons, in its canonical form', async () => {
  const { user } = await createUser(db())
  expect(await recordIconUse(db(), user, font('tabler:home'))).toEqual({
    id: 'tabler:home',
    key: 'tabler:home',
    icon: '/resources/icons/tabler/home.svg',
    name: '首页',
    type: 'font',
  })
  await recordIconUse(db(), user, font('star'))
  expect((await recentIcons(db(), user)).map((i) => i.key)).toEqual(['tabler:star', 'tabler:home'])
})

test('only the newest 10 are kept, newest first; using one again moves it to the front', async () => {
  const { user } = await createUser(db())
  const keys = listIcons({ categoryId: 'arrows', size: 12 })!.list.map((i) => i.key)
  expect(keys).toHaveLength(12)
  for (const key of keys) await recordIconUse(db(), user, font(key))
  const stored = await db().select({ n: count() }).from(iconHistory).where(eq(iconHistory.userId, user.id))
  expect(stored[0]!.n).toBe(10)
  expect((await recentIcons(db(), user)).map((i) => i.key)).toEqual(keys.slice(2).reverse())

  await recordIconUse(db(), user, font(keys[5]!))
  const recent = (await recentIcons(db(), user)).map((i) => i.key)
  expect(recent[0]).toBe(keys[5])
  expect(recent).toHaveLength(10)
  expect(new Set(recent).size).toBe(10)
})

test('an unknown or missing icon is refused with 请选择图标 and not stored', async () => {
  const { user } = await createUser(db())
  for (const key of ['tabler:no-such-icon', 'other:star', '../../etc/passwd', '<svg onload=alert(1)>']) {
    await expect(recordIconUse(db(), user, font(key))).rejects.toThrow('请选择图标')
  }
  expect(await recentIcons(db(), user)).toEqual([])
  const parsed = IconUseSchema.safeParse({ type: 'font' })
  expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe('请选择图标')
  expect(IconUseSchema.safeParse({ key: '  ', type: 'font' }).success).toBe(false)
  expect(IconUseSchema.parse({ key: 'tabler:star' }).type).toBe('image')
})

test('an image icon must be a path of our own under /uploads/', async () => {
  const { user } = await createUser(db())
  const image = (key: string) => recordIconUse(db(), user, { key, type: 'image' })
  const ours = `/uploads/${'a1'.repeat(16)}.png`
  expect(await image(ours)).toMatchObject({ key: ours, type: 'image' })
  for (const key of ['tabler:star', 'https://evil.example/x.png', '//evil.example/uploads/x.png', '/uploads/../secret', '/uploads/.hidden', '/uploads/', '/uploads/a b.png', '/uploads/icons/2026/a-b_c.png', `/uploads/${'a1'.repeat(16)}.svg`, 'javascript:alert(1)']) {
    await expect(image(key), key).rejects.toThrow('请选择图标')
  }
  expect((await recentIcons(db(), user)).map((i) => i.type)).toEqual(['image'])
})

test('each user has their own history; a guest has none', async () => {
  const { user: a } = await createUser(db())
  const { user: b } = await createUser(db())
  await recordIconUse(db(), a, font('tabler:music'))
  expect(await recentIcons(db(), b)).toEqual([])
  expect(await recentIcons(db(), null)).toEqual([])
  expect((await iconList(db(), a, { id: 'history' })).list.map((i) => i.key)).toEqual(['tabler:music'])
  expect(await iconList(db(), null, { id: 'history' })).toEqual({ list: [], total: 0, page: 1, size: 60 })
})

test('最近使用 leads the categories once the user has history', async () => {
  const { user } = await createUser(db())
  expect(await iconCategoryList(db(), user)).toEqual(iconCategories())
  expect(await iconCategoryList(db(), null)).toEqual(iconCategories())
  await recordIconUse(db(), user, font('tabler:book'))
  const categories = await iconCategoryList(db(), user)
  expect(categories[0]).toEqual({ id: 'history', name: '最近使用', type: 'history' })
  expect(categories.slice(1)).toEqual(iconCategories())
})

test('an icon list of an unknown category fails in Chinese; pages are cut as asked', async () => {
  await expect(iconList(db(), null, { id: 'nope' })).rejects.toThrow('图标分类不存在')
  const first = await iconList(db(), null, { id: 'arrows', page: 1, size: 5 })
  const second = await iconList(db(), null, { id: 'arrows', page: 2, size: 5 })
  expect(first.list).toHaveLength(5)
  expect(second.list[0]!.key).not.toBe(first.list[0]!.key)
  expect(first.total).toBe(second.total)
  expect((await iconList(db(), null, { id: 'arrows', page: 999 })).list).toEqual([])
})

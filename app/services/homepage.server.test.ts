import { count, eq, inArray } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { homepages, sources, users } from '#app/db/schema/index.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { getUser } from './account.server.ts'
import { homepageInfo, loadHomepageContent, resolveHomepage } from './homepage.server.ts'
import { DEMO_EMAIL, seedDemo } from './seed.server.ts'

const db = useTestDb((db) => seedDemo(db, 'demo-password'))

test('the demo is seeded once, with a few dozen links in Chinese categories', async () => {
  expect(await seedDemo(db(), 'demo-password')).toBe(false)
  expect((await db().select({ n: count() }).from(users).where(eq(users.email, DEMO_EMAIL)))[0]!.n).toBe(1)
  const resolved = await resolveHomepage(db(), null)
  expect(resolved?.homepage.code).toBe('demo')
  const content = await loadHomepageContent(db(), resolved!)
  const categories = content.modules.flatMap((m) => m.bags.map((b) => b.name))
  expect(categories).toEqual(expect.arrayContaining(['常用', '新闻', '开发', '设计']))
  const links = content.modules.flatMap((m) => m.bags.flatMap((b) => b.items))
  expect(links.length).toBeGreaterThanOrEqual(30)
  expect(links.every((l) => l.url?.startsWith('http'))).toBe(true)
})

test('a user sees their own current homepage, labelled nickname + 的主页', async () => {
  const { user } = await createUser(db(), { nickname: '小红' })
  const resolved = await resolveHomepage(db(), user)
  expect(resolved?.role).toBe('owner')
  expect(resolved?.homepage.userId).toBe(user.id)
  expect(homepageInfo(resolved!)).toMatchObject({ name: '小红的主页', isOwn: true, memberRole: 'owner' })
})

test('a private homepage is invisible to guests and other users, visible to its owner', async () => {
  const { user: owner } = await createUser(db())
  const { user: other } = await createUser(db())
  await db().update(homepages).set({ code: 'Secret-Page' }).where(eq(homepages.userId, owner.id))
  expect(await resolveHomepage(db(), null, 'secret-page')).toBeNull()
  expect(await resolveHomepage(db(), other, 'secret-page')).toBeNull()
  expect((await resolveHomepage(db(), owner, 'SECRET-PAGE'))?.role).toBe('owner')
})

test('a trashed homepage resolves for nobody', async () => {
  const { user } = await createUser(db())
  await db()
    .update(homepages)
    .set({ code: 'trashed1', isOpen: true, deletedAt: new Date() })
    .where(eq(homepages.userId, user.id))
  expect(await resolveHomepage(db(), null, 'trashed1')).toBeNull()
  expect(await resolveHomepage(db(), user, 'trashed1')).toBeNull()
})

test('private links read 未公开链接 and blacklisted ones 违规链接, without their address, for non-owners', async () => {
  const demo = (await resolveHomepage(db(), null))!
  const [first, second] = await db().select().from(sources).where(eq(sources.homepageId, demo.homepage.id)).limit(2)
  await db().update(sources).set({ isPrivate: true }).where(eq(sources.id, first!.id))
  await db().update(sources).set({ blacklist: true }).where(eq(sources.id, second!.id))
  const find = (content: Awaited<ReturnType<typeof loadHomepageContent>>, id: number) =>
    content.modules.flatMap((m) => m.bags.flatMap((b) => b.items)).find((s) => s.id === id)

  const asGuest = await loadHomepageContent(db(), demo)
  expect(find(asGuest, first!.id)).toEqual({ id: first!.id, type: 'link', name: '未公开链接', masked: 'private' })
  expect(find(asGuest, second!.id)).toEqual({ id: second!.id, type: 'link', name: '违规链接', masked: 'blacklist' })

  const owner = await getUser(db(), demo.homepage.userId)
  const asOwner = await loadHomepageContent(db(), (await resolveHomepage(db(), owner, 'demo'))!)
  expect(find(asOwner, first!.id)).toMatchObject({ name: first!.name, url: first!.url, private: true })
  expect(find(asOwner, first!.id)!.masked).toBeUndefined()
  expect(find(asOwner, second!.id)).toEqual({ id: second!.id, type: 'link', name: '违规链接', masked: 'blacklist' })
  await db().update(sources).set({ isPrivate: false, blacklist: false }).where(inArray(sources.id, [first!.id, second!.id]))
})

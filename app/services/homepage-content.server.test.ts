import { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/client.server.ts'
import * as schema from '#app/db/schema/index.ts'
import { bags, homepages, sources, type User } from '#app/db/schema/index.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { saveBag, setBagFormats, setCardConfig } from './bag.server.ts'
import { type HomepageContent, type ItemView, loadHomepageContent, resolveHomepage } from './homepage.server.ts'
import { saveModule } from './module.server.ts'
import { saveDivider, saveFolder, saveLink, toggleStar, trashSources } from './source.server.ts'

const db = useTestDb()

const link = (bid: number, name: string, extra: Partial<Parameters<typeof saveLink>[2]> = {}) =>
  ({ bid, name, url: `https://example.com/${encodeURIComponent(name)}`, note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '', ...extra })

/** A user whose homepage is public (so guests and strangers see it), with one empty category. */
async function publicHomepage(code: string) {
  const { user } = await createUser(db())
  const homepageId = user.currentHomepageId!
  await db().update(homepages).set({ isOpen: true, code }).where(eq(homepages.id, homepageId))
  const module = await saveModule(db(), user, { homepageId, name: '工作', icon: 'tabler:briefcase', moduleType: 2 })
  const bag = await saveBag(db(), user, { moduleId: module.moduleId, name: '工具', icon: 'tabler:tool', color: '#3b7ddd' })
  return { user, homepageId, moduleId: module.moduleId, bid: bag.bid }
}

async function contentAs(actor: User | null, code: string, moduleId?: number, database: Db = db()) {
  const resolved = await resolveHomepage(db(), actor, code)
  if (!resolved) throw new Error(`no homepage ${code}`)
  return loadHomepageContent(database, resolved, moduleId === undefined ? {} : { moduleId })
}

function allItems(content: HomepageContent) {
  const out: ItemView[] = []
  const walkItems = (items: ItemView[]) => {
    for (const item of items) {
      out.push(item)
      if (item.children) walkItems(item.children)
    }
  }
  const walkBags = (list: HomepageContent['modules'][number]['bags']) => {
    for (const bag of list) {
      walkItems(bag.items)
      if (bag.children) walkBags(bag.children)
    }
  }
  for (const module of content.modules) walkBags(module.bags)
  return out
}

/**
 * The same database behind a Drizzle instance that counts the statements it sends (Drizzle's
 * logger sees every query, including each one of a Promise.all).
 */
function countingDb() {
  const client = (db() as unknown as { $client: PGlite | pg.Pool }).$client
  let count = 0
  const logger = { logQuery: () => void count++ }
  const counted = (
    client instanceof PGlite ? drizzlePglite({ client, schema, logger }) : drizzlePg({ client: client as pg.Pool, schema, logger })
  ) as unknown as Db
  return { db: counted, queries: () => count, reset: () => void (count = 0) }
}

test('the view data: modules, a category tree, folders with their children, dividers, formats and card config', async () => {
  const { user, moduleId, bid } = await publicHomepage('view-tree')
  const sub = await saveBag(db(), user, { moduleId, parentId: bid, name: '子分类', icon: 'tabler:folder' })
  const subSub = await saveBag(db(), user, { moduleId, parentId: sub.bid, name: '孙分类', icon: 'tabler:folder' })
  const folder = await saveFolder(db(), user, { bid, name: '资料', summary: '常看' })
  await saveLink(db(), user, link(bid, '文件夹里', { parentLinkId: folder.id }))
  await saveDivider(db(), user, { bid, parentLinkId: folder.id, name: '', align: 'center', style: 'solid' })
  await saveDivider(db(), user, { bid, name: '工具区', align: 'left', style: 'dashed', color: '#e0464e' })
  const formatted = await saveLink(db(), user, link(bid, '加粗', { formats: { color: '#ff0000', weight: 'bold', size: '16px' } }))
  await saveLink(db(), user, link(sub.bid, '子链接'))
  await setBagFormats(db(), user, bid, { color: '#333333', align: 'center' })
  await setCardConfig(db(), user, bid, { column: 2, linkStyle: 'card', linkColumn: 4 })

  const content = await contentAs(null, 'view-tree')
  const work = content.modules.find((m) => m.moduleId === moduleId)!
  expect(work).toMatchObject({ name: '工作', icon: 'tabler:briefcase', moduleType: 2 })
  const [top] = work.bags
  expect(top).toMatchObject({
    bid,
    name: '工具',
    color: '#3b7ddd',
    formats: { color: '#333333', align: 'center' },
    card: { column: 2, linkStyle: 'card', linkColumn: 4 },
  })
  expect(top!.children!.map((b) => b.name)).toEqual(['子分类'])
  expect(top!.children![0]!.children!.map((b) => b.bid)).toEqual([subSub.bid])
  expect(top!.children![0]!.items.map((i) => i.name)).toEqual(['子链接'])
  expect(top!.items.map((i) => `${i.type}:${i.name}`)).toEqual(['folder:资料', 'divider:工具区', 'link:加粗'])
  const [folderView, divider, bold] = top!.items
  expect(folderView).toMatchObject({ id: folder.id, note: '常看' })
  expect(folderView!.url).toBeUndefined()
  expect(folderView!.children!.map((c) => `${c.type}:${c.name}`)).toEqual(['link:文件夹里', 'divider:'])
  expect(divider).toEqual({ id: divider!.id, type: 'divider', name: '工具区', formats: { align: 'left', style: 'dashed', color: '#e0464e' } })
  expect(bold).toEqual({
    id: formatted.id,
    type: 'link',
    name: '加粗',
    url: 'https://example.com/%E5%8A%A0%E7%B2%97',
    formats: { color: '#ff0000', weight: 'bold', size: '16px' },
  })
})

test('the view data is lean: no row fields, no false flags, only the keys the page draws', async () => {
  const { user, bid } = await publicHomepage('view-lean')
  await saveLink(db(), user, link(bid, '普通'))
  await db().update(sources).set({ clickAmount: 12_345 }).where(eq(sources.bagId, bid))
  const content = await contentAs(null, 'view-lean')
  const item = allItems(content).find((i) => i.name === '普通')!
  expect(item).toEqual({ id: item.id, type: 'link', name: '普通', url: 'https://example.com/%E6%99%AE%E9%80%9A', clicks: 12_345 })
  const allowed = new Set(['id', 'type', 'name', 'url', 'note', 'icon', 'formats', 'masked', 'private', 'liked', 'referral', 'clicks', 'children'])
  for (const each of allItems(content)) {
    for (const key of Object.keys(each)) expect(allowed.has(key)).toBe(true)
  }
  const bag = content.modules.flatMap((m) => m.bags).find((b) => b.bid === bid)!
  expect(Object.keys(bag).sort()).toEqual(['bid', 'color', 'icon', 'items', 'name'])
  // Hostile formats stored behind the schema's back never reach an inline style.
  await db()
    .update(sources)
    .set({ formats: { color: 'red;background:url(//evil)', size: '999px', weight: 'bold' } })
    .where(eq(sources.id, item.id))
  await db().update(bags).set({ cardConfig: { column: 99, linkStyle: 'x" onload="', linkColumn: 3 } }).where(eq(bags.id, bid))
  const again = await contentAs(null, 'view-lean')
  expect(allItems(again).find((i) => i.id === item.id)!.formats).toEqual({ weight: 'bold' })
  expect(again.modules.flatMap((m) => m.bags).find((b) => b.bid === bid)!.card).toEqual({ linkColumn: 3 })
})

test('masking holds in the view data: private and blacklisted items, and a private folder keeps its children', async () => {
  const { user, bid } = await publicHomepage('view-mask')
  const { user: stranger } = await createUser(db())
  const secret = await saveLink(db(), user, link(bid, '私密链接', { note: '密码在这里', icon: 'tabler:key', isOnlyOwnView: true }))
  const bad = await saveLink(db(), user, link(bid, '坏链接', { note: '备注' }))
  await db().update(sources).set({ blacklist: true, clickAmount: 5 }).where(eq(sources.id, bad.id))
  const folder = await saveFolder(db(), user, { bid, name: '私密文件夹', summary: '' })
  const inside = await saveLink(db(), user, link(bid, '藏起来的', { parentLinkId: folder.id }))
  await db().update(sources).set({ isPrivate: true }).where(eq(sources.id, folder.id))

  for (const viewer of [null, stranger]) {
    const items = allItems(await contentAs(viewer, 'view-mask'))
    const byId = new Map(items.map((i) => [i.id, i]))
    expect(byId.get(secret.id)).toEqual({ id: secret.id, type: 'link', name: '未公开链接', masked: 'private' })
    expect(byId.get(bad.id)).toEqual({ id: bad.id, type: 'link', name: '违规链接', masked: 'blacklist' })
    expect(byId.get(folder.id)).toEqual({ id: folder.id, type: 'folder', name: '未公开链接', masked: 'private', children: [] })
    expect(byId.has(inside.id)).toBe(false)
    const text = JSON.stringify(items)
    for (const hidden of ['私密链接', '密码在这里', 'tabler:key', '坏链接', '备注', '私密文件夹', '藏起来的', 'example.com/%E7%A7%81']) {
      expect(text).not.toContain(hidden)
    }
  }
  const asOwner = new Map(allItems(await contentAs(user, 'view-mask')).map((i) => [i.id, i]))
  expect(asOwner.get(secret.id)).toMatchObject({ name: '私密链接', note: '密码在这里', private: true })
  expect(asOwner.get(bad.id)).toEqual({ id: bad.id, type: 'link', name: '违规链接', masked: 'blacklist' })
  expect(asOwner.get(folder.id)!.children!.map((c) => c.id)).toEqual([inside.id])
})

test('the star list: starred ids for the owner only; trashed bookmarks are gone', async () => {
  const { user, bid } = await publicHomepage('view-star')
  const a = await saveLink(db(), user, link(bid, '甲'))
  const b = await saveLink(db(), user, link(bid, '乙'))
  const folder = await saveFolder(db(), user, { bid, name: '夹', summary: '' })
  const c = await saveLink(db(), user, link(bid, '丙', { parentLinkId: folder.id }))
  for (const id of [a.id, c.id, b.id]) await toggleStar(db(), user, id)
  await toggleStar(db(), user, b.id)
  const asOwner = await contentAs(user, 'view-star')
  expect(asOwner.starIds).toEqual([a.id, c.id])
  expect(allItems(asOwner).find((i) => i.id === a.id)).toMatchObject({ liked: true })
  const asGuest = await contentAs(null, 'view-star')
  expect(asGuest.starIds).toEqual([])
  expect(allItems(asGuest).some((i) => i.liked)).toBe(false)
  await trashSources(db(), user, [a.id])
  const after = await contentAs(user, 'view-star')
  expect(after.starIds).toEqual([c.id])
  expect(allItems(after).some((i) => i.id === a.id)).toBe(false)
})

test('one module: only its categories and bookmarks; a module of another homepage is nothing', async () => {
  const { user, homepageId, moduleId, bid } = await publicHomepage('view-module')
  await saveLink(db(), user, link(bid, '本模块'))
  const other = await saveModule(db(), user, { homepageId, name: '其它', icon: 'tabler:star', moduleType: 1 })
  const otherBag = await saveBag(db(), user, { moduleId: other.moduleId, name: '别处', icon: 'tabler:star' })
  await saveLink(db(), user, link(otherBag.bid, '别处的链接'))
  const one = await contentAs(null, 'view-module', moduleId)
  expect(one.modules.map((m) => m.moduleId)).toEqual([moduleId])
  expect(allItems(one).map((i) => i.name)).toEqual(['本模块'])
  const { moduleId: foreign } = await publicHomepage('view-module-2')
  expect((await contentAs(null, 'view-module', foreign)).modules).toEqual([])
})

test('a fixed number of queries whatever the size: 1 bookmark or 300 (and one module alike)', async () => {
  const small = await publicHomepage('view-small')
  await saveLink(db(), small.user, link(small.bid, '唯一'))
  const big = await publicHomepage('view-big')
  const more = await Promise.all(
    ['二', '三'].map((name) => saveBag(db(), big.user, { moduleId: big.moduleId, parentId: big.bid, name, icon: 'tabler:star' })),
  )
  for (const bag of [big.bid, ...more.map((m) => m.bid)]) {
    const folder = await saveFolder(db(), big.user, { bid: bag, name: '文件夹', summary: '' })
    for (let i = 0; i < 9; i++) await saveLink(db(), big.user, link(bag, `子${i}`, { parentLinkId: folder.id }))
    for (let i = 0; i < 90; i++) await saveLink(db(), big.user, link(bag, `链接${i}`))
  }
  const counter = countingDb()
  const measure = async (code: string, actor: User | null, moduleId?: number) => {
    counter.reset()
    const content = await contentAs(actor, code, moduleId, counter.db)
    return { queries: counter.queries(), items: allItems(content).length }
  }
  const one = await measure('view-small', null)
  const many = await measure('view-big', null)
  expect(one.items).toBe(1)
  expect(many.items).toBe(300)
  expect(many.queries).toBe(one.queries)
  expect(one.queries).toBe(3)
  expect((await measure('view-big', big.user)).queries).toBe(one.queries)
  expect((await measure('view-big', null, big.moduleId)).queries).toBe((await measure('view-small', null, small.moduleId)).queries)
  // 300 bookmarks written through the services, twice: over 30 s on a loaded 2-core machine.
}, 90_000)

import { and, asc, eq, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { bags, modules, sources } from '#app/db/schema/index.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NOT_FOUND } from './access.server.ts'
import { listBagTree, moveBag, moveBagRelative, restoreBag, saveBag, sortBags, sortMultipleBags, trashBag } from './bag.server.ts'
import { hardDeleteModules, listModules, moveModuleStep, saveModule, sortModules } from './module.server.ts'
import { liveSiblings, mergeOrder, moveStep, nextPosition, placeAfter, placeAt, placeBefore, writeOrder } from './ordering.server.ts'
import { restoreSource, saveFolder, saveLink, sortSources, trashSources } from './source.server.ts'

const db = useTestDb()

describe('pure order helpers', () => {
  const order = [1, 2, 3, 4, 5]

  test('placeAfter: after an id, first with null; from another list too', () => {
    expect(placeAfter(order, 5, 1)).toEqual([1, 5, 2, 3, 4])
    expect(placeAfter(order, 1, 5)).toEqual([2, 3, 4, 5, 1])
    expect(placeAfter(order, 3, null)).toEqual([3, 1, 2, 4, 5])
    expect(placeAfter(order, 9, 2)).toEqual([1, 2, 9, 3, 4, 5])
    expect(placeAfter(order, 3, 3)).toEqual(order)
    expect(() => placeAfter(order, 3, 8)).toThrow(RangeError)
    expect(order).toEqual([1, 2, 3, 4, 5])
  })

  test('placeBefore: before an id, last with null', () => {
    expect(placeBefore(order, 5, 1)).toEqual([5, 1, 2, 3, 4])
    expect(placeBefore(order, 1, 5)).toEqual([2, 3, 4, 1, 5])
    expect(placeBefore(order, 2, null)).toEqual([1, 3, 4, 5, 2])
    expect(placeBefore([], 7, null)).toEqual([7])
    expect(() => placeBefore(order, 2, 8)).toThrow(RangeError)
  })

  test('placeAt and moveStep: up, down, first, last, a 1-based position clamped to the list', () => {
    expect(placeAt(order, 5, 2)).toEqual([1, 5, 2, 3, 4])
    expect(placeAt(order, 1, 99)).toEqual([2, 3, 4, 5, 1])
    expect(placeAt(order, 4, -3)).toEqual([4, 1, 2, 3, 5])
    expect(moveStep(order, 3, 'up')).toEqual([1, 3, 2, 4, 5])
    expect(moveStep(order, 3, 'down')).toEqual([1, 2, 4, 3, 5])
    expect(moveStep(order, 1, 'up')).toEqual(order)
    expect(moveStep(order, 5, 'down')).toEqual(order)
    expect(moveStep(order, 4, 'first')).toEqual([4, 1, 2, 3, 5])
    expect(moveStep(order, 2, 'last')).toEqual([1, 3, 4, 5, 2])
    expect(moveStep(order, 5, { position: 3 })).toEqual([1, 2, 5, 3, 4])
    expect(moveStep(order, 5, { position: 2.7 })).toEqual([1, 5, 2, 3, 4])
    expect(() => moveStep(order, 9, 'up')).toThrow(RangeError)
  })

  test('mergeOrder: the given ids first, the others keep their order after them; unknown ids left out', () => {
    expect(mergeOrder(order, [4, 2])).toEqual([4, 2, 1, 3, 5])
    expect(mergeOrder(order, [5, 4, 3, 2, 1])).toEqual([5, 4, 3, 2, 1])
    expect(mergeOrder(order, [3, 3, 99])).toEqual([3, 1, 2, 4, 5])
    // Two stale lists applied one after the other still leave a permutation.
    const twice = mergeOrder(mergeOrder(order, [2, 1]), [5, 1, 3])
    expect([...twice].sort()).toEqual(order)
  })
})

/** An owner with a homepage, a module and a category to put bookmarks in. */
async function owner() {
  const { bids, ...rest } = await createOwner(db(), ['常用工具'])
  return { ...rest, bid: bids[0]! }
}
const link = (bid: number, name: string, parentLinkId?: number) =>
  ({ bid, name, url: 'https://example.com/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '', parentLinkId })

async function sourceKeys(bagId: number, parentId: number | null = null) {
  const rows = await db()
    .select({ id: sources.id, name: sources.name, sortKey: sources.sortKey })
    .from(sources)
    .where(and(eq(sources.bagId, bagId), parentId ? eq(sources.parentId, parentId) : isNull(sources.parentId), isNull(sources.deletedAt)))
    .orderBy(asc(sources.sortKey), asc(sources.id))
  return rows
}
const names = (rows: { name: string }[]) => rows.map((r) => r.name)
const keys = (rows: { sortKey: number }[]) => rows.map((r) => r.sortKey)

describe('writeOrder', () => {
  test('reverses a list and closes gaps in two statements, without touching other lists', async () => {
    const { user, bid, moduleId } = await owner()
    const other = await saveBag(db(), user, { moduleId, name: '其它', icon: 'tabler:star' })
    const made = []
    for (const name of ['一', '二', '三', '四', '五']) made.push(await saveLink(db(), user, link(bid, name)))
    const bystander = await saveLink(db(), user, link(other.bid, '旁观'))
    // Leave gaps: 0, 3, 7, 8, 20.
    for (const [i, row] of made.entries()) await db().update(sources).set({ sortKey: -100 - i }).where(eq(sources.id, row.id))
    for (const [i, key] of [0, 3, 7, 8, 20].entries()) {
      await db().update(sources).set({ sortKey: key }).where(eq(sources.id, made[i]!.id))
    }
    expect(keys(await sourceKeys(bid))).toEqual([0, 3, 7, 8, 20])
    const ids = await liveSiblings(db(), sources, { bagId: bid, parentId: null })
    await db().transaction((tx) => writeOrder(tx, sources, [...ids].reverse()))
    const after = await sourceKeys(bid)
    expect(names(after)).toEqual(['五', '四', '三', '二', '一'])
    expect(keys(after)).toEqual([0, 1, 2, 3, 4])
    expect(await sourceKeys(other.bid)).toEqual([{ id: bystander.id, name: '旁观', sortKey: 0 }])
    expect(await nextPosition(db(), sources, { bagId: bid, parentId: null })).toBe(5)
    await expect(db().transaction((tx) => writeOrder(tx, sources, [ids[0]!, ids[0]!]))).rejects.toThrow('duplicate')
  })
})

describe('modules', () => {
  test('sort with a partial list: the given first, the rest keep their order; a foreign id changes nothing', async () => {
    const { user, homepageId, moduleId } = await owner()
    const b = await saveModule(db(), user, { homepageId, name: '乙', icon: 'tabler:star', moduleType: 0 })
    const c = await saveModule(db(), user, { homepageId, name: '丙', icon: 'tabler:star', moduleType: 1 })
    const moduleNames = async () => (await listModules(db(), user, homepageId)).map((m) => m.name)
    expect(await moduleNames()).toEqual(['常用', '工作', '乙', '丙'])
    await sortModules(db(), user, [c.moduleId, moduleId])
    expect(await moduleNames()).toEqual(['丙', '工作', '常用', '乙'])
    const stranger = await owner()
    await expect(sortModules(db(), user, [b.moduleId, stranger.moduleId])).rejects.toThrow(NOT_FOUND)
    await expect(sortModules(db(), stranger.user, [b.moduleId])).rejects.toThrow(NOT_FOUND)
    expect(await moduleNames()).toEqual(['丙', '工作', '常用', '乙'])
    const rows = await db().select({ sortKey: modules.sortKey }).from(modules).where(eq(modules.homepageId, homepageId))
    expect(rows.map((r) => r.sortKey).sort()).toEqual([0, 1, 2, 3])
  })

  test('moveModuleStep: up, down, first, last; nothing at either end; strangers NOT_FOUND', async () => {
    const { user, homepageId, moduleId } = await owner()
    const b = await saveModule(db(), user, { homepageId, name: '乙', icon: 'tabler:star', moduleType: 0 })
    const moduleNames = async () => (await listModules(db(), user, homepageId)).map((m) => m.name)
    await moveModuleStep(db(), user, b.moduleId, 'up')
    expect(await moduleNames()).toEqual(['常用', '乙', '工作'])
    await moveModuleStep(db(), user, b.moduleId, 'first')
    await moveModuleStep(db(), user, b.moduleId, 'up')
    expect(await moduleNames()).toEqual(['乙', '常用', '工作'])
    await moveModuleStep(db(), user, b.moduleId, 'last')
    await moveModuleStep(db(), user, b.moduleId, 'down')
    expect(await moduleNames()).toEqual(['常用', '工作', '乙'])
    await moveModuleStep(db(), user, moduleId, 'down')
    expect(await moduleNames()).toEqual(['常用', '乙', '工作'])
    const { user: stranger } = await createUser(db())
    await expect(moveModuleStep(db(), stranger, moduleId, 'up')).rejects.toThrow(NOT_FOUND)
    // A deleted module leaves no gap.
    await hardDeleteModules(db(), user, [b.moduleId])
    const rows = await db().select({ sortKey: modules.sortKey }).from(modules).where(eq(modules.homepageId, homepageId)).orderBy(asc(modules.sortKey))
    expect(rows.map((r) => r.sortKey)).toEqual([0, 1])
  })
})

describe('categories', () => {
  async function threeBags() {
    const o = await owner()
    const b = await saveBag(db(), o.user, { moduleId: o.moduleId, name: '乙', icon: 'tabler:star' })
    const c = await saveBag(db(), o.user, { moduleId: o.moduleId, name: '丙', icon: 'tabler:star' })
    const tree = async () =>
      (await listBagTree(db(), o.user, o.moduleId)).map((n) => (n.children.length ? `${n.name}(${n.children.map((x) => x.name).join(',')})` : n.name))
    return { ...o, b: b.bid, c: c.bid, tree }
  }

  test('sortBags: partial list first, the rest after; an id of another list changes nothing', async () => {
    const { user, bid, b, c, moduleId, tree } = await threeBags()
    const sub = await saveBag(db(), user, { moduleId, parentId: bid, name: '子', icon: 'tabler:star' })
    await sortBags(db(), user, [c])
    expect(await tree()).toEqual(['丙', '常用工具(子)', '乙'])
    await expect(sortBags(db(), user, [b, sub.bid])).rejects.toThrow(NOT_FOUND)
    expect(await tree()).toEqual(['丙', '常用工具(子)', '乙'])
    await sortBags(db(), user, [b, bid, c])
    expect(await tree()).toEqual(['乙', '常用工具(子)', '丙'])
  })

  test('moveBagRelative: after, first, before, last, into a parent; not under itself', async () => {
    const { user, bid, b, c, moduleId, tree } = await threeBags()
    await moveBagRelative(db(), user, bid, { afterId: c })
    expect(await tree()).toEqual(['乙', '丙', '常用工具'])
    await moveBagRelative(db(), user, c, { afterId: null })
    expect(await tree()).toEqual(['丙', '乙', '常用工具'])
    await moveBagRelative(db(), user, bid, { beforeId: b })
    expect(await tree()).toEqual(['丙', '常用工具', '乙'])
    await moveBagRelative(db(), user, c, {})
    expect(await tree()).toEqual(['常用工具', '乙', '丙'])
    await moveBagRelative(db(), user, c, { parentId: bid })
    await moveBagRelative(db(), user, b, { parentId: bid, afterId: null })
    expect(await tree()).toEqual(['常用工具(乙,丙)'])
    await expect(moveBagRelative(db(), user, bid, { parentId: c })).rejects.toThrow('不能移动到自己或自己的子分类下')
    await expect(moveBagRelative(db(), user, bid, { parentId: bid })).rejects.toThrow('不能移动到自己或自己的子分类下')
    // Out again, right after its old parent (afterId's list).
    await moveBagRelative(db(), user, c, { afterId: bid })
    expect(await tree()).toEqual(['常用工具(乙)', '丙'])
    const other = await saveModule(db(), user, { homepageId: user.currentHomepageId!, name: '别的', icon: 'tabler:star', moduleType: 0 })
    const foreign = await saveBag(db(), user, { moduleId: other.moduleId, name: '外', icon: 'tabler:star' })
    await expect(moveBagRelative(db(), user, c, { afterId: foreign.bid })).rejects.toThrow(NOT_FOUND)
    await expect(moveBagRelative(db(), user, c, { parentId: foreign.bid })).rejects.toThrow('上级分类不存在')
    const { user: stranger } = await createUser(db())
    await expect(moveBagRelative(db(), stranger, c, { afterId: null })).rejects.toThrow(NOT_FOUND)
    expect(await tree()).toEqual(['常用工具(乙)', '丙'])
    const rows = await db().select().from(bags).where(and(eq(bags.moduleId, moduleId), isNull(bags.deletedAt)))
    expect(rows.filter((r) => r.parentId === null).map((r) => r.sortKey).sort()).toEqual([0, 1])
    expect(rows.filter((r) => r.parentId === bid).map((r) => r.sortKey)).toEqual([0])
  })

  test('sortMultipleBags: before, after, inner; single-level modules have no sub-categories', async () => {
    const { user, homepageId, bid, b, c, tree } = await threeBags()
    await sortMultipleBags(db(), user, { type: 'before', dropId: c, targetId: bid })
    expect(await tree()).toEqual(['丙', '常用工具', '乙'])
    await sortMultipleBags(db(), user, { type: 'after', dropId: c, targetId: b })
    expect(await tree()).toEqual(['常用工具', '乙', '丙'])
    await sortMultipleBags(db(), user, { type: 'inner', dropId: c, targetId: b })
    await sortMultipleBags(db(), user, { type: 'inner', dropId: bid, targetId: b })
    expect(await tree()).toEqual(['乙(丙,常用工具)'])
    await expect(sortMultipleBags(db(), user, { type: 'inner', dropId: b, targetId: c })).rejects.toThrow('不能移动到自己或自己的子分类下')
    await expect(sortMultipleBags(db(), user, { type: 'inner', dropId: b, targetId: b })).rejects.toThrow('不能移动到自己或自己的子分类下')
    // A sub-category dropped before a top-level one leaves its parent.
    await sortMultipleBags(db(), user, { type: 'before', dropId: bid, targetId: b })
    expect(await tree()).toEqual(['常用工具', '乙(丙)'])
    const nav = await saveModule(db(), user, { homepageId, name: '导航', icon: 'tabler:compass', moduleType: 1 })
    const x = await saveBag(db(), user, { moduleId: nav.moduleId, name: '甲', icon: 'tabler:star' })
    const y = await saveBag(db(), user, { moduleId: nav.moduleId, name: '乙', icon: 'tabler:star' })
    await expect(sortMultipleBags(db(), user, { type: 'inner', dropId: x.bid, targetId: y.bid })).rejects.toThrow('该模块不支持子分类')
    await sortMultipleBags(db(), user, { type: 'after', dropId: x.bid, targetId: y.bid })
    expect((await listBagTree(db(), user, nav.moduleId)).map((n) => n.name)).toEqual(['乙', '甲'])
    // A category of another homepage is no target.
    const stranger = await owner()
    await expect(sortMultipleBags(db(), user, { type: 'after', dropId: x.bid, targetId: stranger.bid })).rejects.toThrow(NOT_FOUND)
    await expect(sortMultipleBags(db(), stranger.user, { type: 'after', dropId: stranger.bid, targetId: x.bid })).rejects.toThrow(NOT_FOUND)
  })

  test('sortMultipleBags across modules: the category, its sub-categories and bookmarks go along; both lists stay dense', async () => {
    const { user, homepageId, moduleId, bid, b, c, tree } = await threeBags()
    const sub = await saveBag(db(), user, { moduleId, parentId: b, name: '子', icon: 'tabler:star' })
    const inSub = await saveLink(db(), user, link(sub.bid, '子书签'))
    const other = await saveModule(db(), user, { homepageId, name: '别的', icon: 'tabler:star', moduleType: 0 })
    const p = await saveBag(db(), user, { moduleId: other.moduleId, name: '甲', icon: 'tabler:star' })
    const q = await saveBag(db(), user, { moduleId: other.moduleId, name: '丁', icon: 'tabler:star' })
    const otherTree = async () =>
      (await listBagTree(db(), user, other.moduleId)).map((n) => (n.children.length ? `${n.name}(${n.children.map((x) => x.name).join(',')})` : n.name))
    // 乙 (with 子) goes between 甲 and 丁 of the other module.
    expect(await sortMultipleBags(db(), user, { type: 'before', dropId: b, targetId: q.bid })).toMatchObject({ moduleId: other.moduleId, position: 1 })
    expect(await otherTree()).toEqual(['甲', '乙(子)', '丁'])
    expect(await tree()).toEqual(['常用工具', '丙'])
    const moved = await db().select().from(bags).where(and(eq(bags.moduleId, other.moduleId), isNull(bags.deletedAt)))
    expect(moved.filter((r) => !r.parentId).map((r) => r.sortKey).sort()).toEqual([0, 1, 2])
    const left = await db().select().from(bags).where(and(eq(bags.moduleId, moduleId), isNull(bags.deletedAt)))
    expect(left.map((r) => r.sortKey).sort()).toEqual([0, 1])
    // The bookmarks stay in their categories.
    expect(names(await sourceKeys(sub.bid))).toEqual(['子书签'])
    expect(inSub.id).toBeGreaterThan(0)
    // Into a category of the other module, and a sub-category out to the first module's top level.
    await sortMultipleBags(db(), user, { type: 'inner', dropId: c, targetId: p.bid })
    expect(await otherTree()).toEqual(['甲(丙)', '乙(子)', '丁'])
    await sortMultipleBags(db(), user, { type: 'after', dropId: sub.bid, targetId: bid })
    expect(await tree()).toEqual(['常用工具', '子'])
    expect(await otherTree()).toEqual(['甲(丙)', '乙', '丁'])
    // A single-level module takes a category, but not one with sub-categories.
    const nav = await saveModule(db(), user, { homepageId, name: '导航', icon: 'tabler:compass', moduleType: 1 })
    const n = await saveBag(db(), user, { moduleId: nav.moduleId, name: '导', icon: 'tabler:star' })
    await expect(sortMultipleBags(db(), user, { type: 'after', dropId: p.bid, targetId: n.bid })).rejects.toThrow('该模块不支持子分类')
    expect(await otherTree()).toEqual(['甲(丙)', '乙', '丁'])
    await sortMultipleBags(db(), user, { type: 'before', dropId: q.bid, targetId: n.bid })
    expect((await listBagTree(db(), user, nav.moduleId)).map((x) => x.name)).toEqual(['丁', '导'])
    expect(await otherTree()).toEqual(['甲(丙)', '乙'])
  })

  test('an edit that changes the parent puts the category last there (no clash of positions)', async () => {
    const { user, bid, c, moduleId, tree } = await threeBags()
    const sub = await saveBag(db(), user, { moduleId, parentId: bid, name: '子', icon: 'tabler:star' })
    await saveBag(db(), user, { bid: c, moduleId, parentId: bid, name: '丙', icon: 'tabler:star' })
    await saveBag(db(), user, { bid: sub.bid, moduleId, name: '子', icon: 'tabler:star' })
    expect(await tree()).toEqual(['常用工具(丙)', '乙', '子'])
    await moveBag(db(), user, sub.bid, 'first')
    expect(await tree()).toEqual(['子', '常用工具(丙)', '乙'])
  })

  test('a restored category returns to its old place, even when a new one took its position; its sub-categories and bookmarks keep their order', async () => {
    const { user, bid, b, moduleId, tree } = await threeBags()
    const s1 = await saveBag(db(), user, { moduleId, parentId: b, name: '子一', icon: 'tabler:star' })
    await saveBag(db(), user, { moduleId, parentId: b, name: '子二', icon: 'tabler:star' })
    for (const name of ['a', 'b', 'c']) await saveLink(db(), user, link(s1.bid, name))
    await trashBag(db(), user, b)
    // Its position (1) is reused by a new category.
    await saveBag(db(), user, { moduleId, name: '丁', icon: 'tabler:star' })
    await moveBagRelative(db(), user, bid, { afterId: null })
    expect(await tree()).toEqual(['常用工具', '丙', '丁'])
    await restoreBag(db(), user, b)
    expect(await tree()).toEqual(['常用工具', '乙(子一,子二)', '丙', '丁'])
    expect(names(await sourceKeys(s1.bid))).toEqual(['a', 'b', 'c'])
    expect(keys(await sourceKeys(s1.bid))).toEqual([0, 1, 2])
    // A sub-category trashed alone whose parent is gone comes back at the top level, last.
    await trashBag(db(), user, s1.bid)
    await trashBag(db(), user, b)
    await restoreBag(db(), user, s1.bid)
    expect(await tree()).toEqual(['常用工具', '丙', '丁', '子一'])
    // Its parent back too: 乙 at its old place, and 子二 in it.
    await restoreBag(db(), user, b)
    expect(await tree()).toEqual(['常用工具', '乙(子二)', '丙', '丁', '子一'])
  })

  test('20 concurrent category moves leave each list a permutation', async () => {
    const { user, moduleId, bid } = await owner()
    const ids = [bid]
    for (let i = 0; i < 7; i++) ids.push((await saveBag(db(), user, { moduleId, name: `分类${i}`, icon: 'tabler:star' })).bid)
    const random = seeded(7)
    const pick = () => ids[Math.floor(random() * ids.length)]!
    const calls = Array.from({ length: 20 }, (_, i) => {
      if (i % 4 === 0) return sortBags(db(), user, [pick(), pick()].filter((x, j, a) => a.indexOf(x) === j))
      if (i % 4 === 1) return moveBag(db(), user, pick(), random() < 0.5 ? 'up' : 'down')
      if (i % 4 === 2) return moveBagRelative(db(), user, pick(), { afterId: pick() })
      return sortMultipleBags(db(), user, { type: random() < 0.5 ? 'before' : 'after', dropId: pick(), targetId: pick() })
    })
    const results = await Promise.allSettled(calls)
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/DomainError/)
    const rows = await db().select().from(bags).where(and(eq(bags.moduleId, moduleId), isNull(bags.deletedAt)))
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
    expect(rows.filter((r) => !r.parentId).map((r) => r.sortKey).sort((a, b) => a - b)).toEqual([...ids.keys()])
  })
})

describe('bookmarks back from the trash', () => {
  test('a restored bookmark returns to its old place, even when its position was reused; a batch keeps the folder order', async () => {
    const { user, bid } = await owner()
    const a = await saveLink(db(), user, link(bid, 'A'))
    const folder = await saveFolder(db(), user, { bid, name: '夹', summary: '' })
    const kids = []
    for (const name of ['x', 'y', 'z']) kids.push(await saveLink(db(), user, link(bid, name, folder.id)))
    await saveLink(db(), user, link(bid, 'B'))
    await trashSources(db(), user, [a.id, folder.id])
    // Positions 0 and 1 are reused.
    await saveLink(db(), user, link(bid, 'C'))
    await saveLink(db(), user, link(bid, 'D'))
    const top = await liveSiblings(db(), sources, { bagId: bid, parentId: null })
    await sortSources(db(), user, { bid, ids: top })
    expect(keys(await sourceKeys(bid))).toEqual([0, 1, 2])
    await restoreSource(db(), user, folder.id)
    const after = await sourceKeys(bid)
    expect(names(after)).toEqual(['A', '夹', 'B', 'C', 'D'])
    expect(keys(after)).toEqual([0, 1, 2, 3, 4])
    expect(names(await sourceKeys(bid, folder.id))).toEqual(['x', 'y', 'z'])
    // A child trashed alone whose folder went to the trash after it: back at the top level, last.
    await trashSources(db(), user, [kids[1]!.id])
    await trashSources(db(), user, [folder.id])
    await restoreSource(db(), user, kids[1]!.id)
    expect(names(await sourceKeys(bid))).toEqual(['A', 'B', 'C', 'D', 'y'])
    await restoreSource(db(), user, folder.id)
    expect(names(await sourceKeys(bid))).toEqual(['A', '夹', 'B', 'C', 'D', 'y'])
    expect(keys(await sourceKeys(bid))).toEqual([0, 1, 2, 3, 4, 5])
    expect(names(await sourceKeys(bid, folder.id))).toEqual(['x', 'z'])
  })
})

/** A small deterministic PRNG (mulberry32): the same "random" moves on every run. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

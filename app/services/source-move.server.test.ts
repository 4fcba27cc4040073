import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageMembers, homepages, idempotencyKeys, sources, users, type User } from '#app/db/schema/index.ts'
import { TOO_MANY_CHILDREN } from '#app/schemas/content.ts'
import { SORT_LOCKED_MSG, type SortMethod } from '#app/schemas/sort.ts'
import { DomainError } from '#app/utils/errors.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, NOT_FOUND } from './access.server.ts'
import { moveBag, saveBag, sortBags } from './bag.server.ts'
import { saveModule, sortModules } from './module.server.ts'
import { setBookmarkSort } from './preferences.server.ts'
import {
  moveSource,
  moveSourceStep,
  recordClick,
  saveDivider,
  saveFolder,
  saveLink,
  sortChildren,
  sortSources,
  toggleStar,
  transferSources,
  trashSources,
} from './source.server.ts'

const db = useTestDb()

/** An owner with a homepage, a module and two categories. */
async function owner() {
  const { bids, ...rest } = await createOwner(db(), ['甲类', '乙类'])
  return { ...rest, a: bids[0]!, b: bids[1]! }
}
const link = (bid: number, name: string, parentLinkId?: number, extra: { isOnlyOwnView?: boolean } = {}) =>
  ({ bid, name, url: `https://example.com/${encodeURIComponent(name)}`, note: '注', isOnlyOwnView: false, isOnlyOwnViewRemark: '', parentLinkId, ...extra })

async function links(user: User, bid: number, names: string[], parentId?: number) {
  const made = []
  for (const name of names) made.push(await saveLink(db(), user, link(bid, name, parentId)))
  return made
}

/** The names of a list in order, checking its positions are exactly 0…n−1. */
async function list(bagId: number, parentId: number | null = null) {
  const rows = await db()
    .select({ name: sources.name, sortKey: sources.sortKey })
    .from(sources)
    .where(and(eq(sources.bagId, bagId), parentId ? eq(sources.parentId, parentId) : isNull(sources.parentId), isNull(sources.deletedAt)))
    .orderBy(asc(sources.sortKey), asc(sources.id))
  expect(rows.map((r) => r.sortKey)).toEqual([...rows.keys()])
  return rows.map((r) => r.name)
}

/** Everything about where the bookmarks of some homepages sit. */
async function snapshot(homepageIds: number[]) {
  return db()
    .select({
      id: sources.id,
      homepageId: sources.homepageId,
      bagId: sources.bagId,
      parentId: sources.parentId,
      sortKey: sources.sortKey,
      deletedAt: sources.deletedAt,
      name: sources.name,
    })
    .from(sources)
    .where(inArray(sources.homepageId, homepageIds))
    .orderBy(asc(sources.id))
}

describe('moving one bookmark', () => {
  test('after another, first, last; into another category; into a folder and out again', async () => {
    const { user, a, b } = await owner()
    const [one, two, three] = await links(user, a, ['一', '二', '三'])
    await moveSource(db(), user, one!.id, { afterId: three!.id })
    expect(await list(a)).toEqual(['二', '三', '一'])
    await moveSource(db(), user, one!.id, { afterId: null })
    expect(await list(a)).toEqual(['一', '二', '三'])
    await moveSource(db(), user, one!.id, {})
    expect(await list(a)).toEqual(['二', '三', '一'])
    expect(await moveSource(db(), user, one!.id, { afterId: one!.id })).toMatchObject({ position: 2 })
    // Into the other category: last without afterId, or after a bookmark there (afterId's list).
    await links(user, b, ['甲', '乙'])
    await moveSource(db(), user, two!.id, { bid: b })
    expect(await list(b)).toEqual(['甲', '乙', '二'])
    const [jia] = await db().select().from(sources).where(and(eq(sources.bagId, b), eq(sources.name, '甲')))
    await moveSource(db(), user, three!.id, { afterId: jia!.id })
    expect(await list(b)).toEqual(['甲', '三', '乙', '二'])
    expect(await list(a)).toEqual(['一'])
    await moveSource(db(), user, three!.id, { bid: a, afterId: null })
    expect(await list(a)).toEqual(['三', '一'])
    // Into a folder (first), and back to the top level.
    const folder = await saveFolder(db(), user, { bid: b, name: '夹', summary: '' })
    await links(user, b, ['子'], folder.id)
    await moveSource(db(), user, one!.id, { parentId: folder.id, afterId: null })
    expect(await list(b, folder.id)).toEqual(['一', '子'])
    expect(await list(a)).toEqual(['三'])
    await moveSource(db(), user, one!.id, { parentId: null })
    expect(await list(b, folder.id)).toEqual(['子'])
    expect(await list(b)).toEqual(['甲', '乙', '二', '夹', '一'])
    // afterId must be in the target list.
    await expect(moveSource(db(), user, one!.id, { bid: a, afterId: jia!.id })).rejects.toThrow(NOT_FOUND)
    await expect(moveSource(db(), user, 2_000_000_000, { afterId: null })).rejects.toThrow(NOT_FOUND)
  })

  test('a folder cannot go into a folder; a moved folder takes its children along', async () => {
    const { user, a, b } = await owner()
    const f1 = await saveFolder(db(), user, { bid: a, name: '夹一', summary: '' })
    const f2 = await saveFolder(db(), user, { bid: a, name: '夹二', summary: '' })
    await links(user, a, ['x', 'y'], f1.id)
    await expect(moveSource(db(), user, f1.id, { parentId: f2.id })).rejects.toThrow('文件夹不能放入文件夹')
    await expect(moveSource(db(), user, f1.id, { parentId: f1.id })).rejects.toThrow('文件夹不能放入文件夹')
    await moveSource(db(), user, f1.id, { bid: b })
    expect(await list(b)).toEqual(['夹一'])
    expect(await list(b, f1.id)).toEqual(['x', 'y'])
    expect(await list(a)).toEqual(['夹二'])
    const children = await db().select().from(sources).where(eq(sources.parentId, f1.id))
    expect(children.every((c) => c.bagId === b)).toBe(true)
  })

  test('editing a folder into another category (the folder form) takes its children along too', async () => {
    const { user, a, b } = await owner()
    const [before] = await links(user, a, ['前'])
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })
    await links(user, a, ['后'])
    await links(user, a, ['x'], folder.id)
    await saveFolder(db(), user, { id: folder.id, bid: b, name: '夹', summary: '' })
    expect(await list(b)).toEqual(['夹'])
    expect(await list(b, folder.id)).toEqual(['x'])
    expect(await list(a)).toEqual(['前', '后'])
    // A link edited into another category goes last there; the list it left closes up.
    await saveLink(db(), user, { ...link(b, '前'), id: before!.id })
    expect(await list(b)).toEqual(['夹', '前'])
    expect(await list(a)).toEqual(['后'])
  })

  test('moveSourceStep: up, down, first, last, a position; only in its own list', async () => {
    const { user, a } = await owner()
    const [one, two, , four] = await links(user, a, ['一', '二', '三', '四'])
    await moveSourceStep(db(), user, four!.id, 'up')
    expect(await list(a)).toEqual(['一', '二', '四', '三'])
    await moveSourceStep(db(), user, one!.id, 'up')
    await moveSourceStep(db(), user, one!.id, 'down')
    expect(await list(a)).toEqual(['二', '一', '四', '三'])
    await moveSourceStep(db(), user, four!.id, 'first')
    expect(await list(a)).toEqual(['四', '二', '一', '三'])
    await moveSourceStep(db(), user, four!.id, 'last')
    await moveSourceStep(db(), user, four!.id, 'down')
    expect(await list(a)).toEqual(['二', '一', '三', '四'])
    expect(await moveSourceStep(db(), user, two!.id, { position: 3 })).toMatchObject({ position: 2 })
    expect(await list(a)).toEqual(['一', '三', '二', '四'])
    await moveSourceStep(db(), user, two!.id, { position: 99 })
    expect(await list(a)).toEqual(['一', '三', '四', '二'])
    const { user: stranger } = await createUser(db())
    await expect(moveSourceStep(db(), stranger, two!.id, 'up')).rejects.toThrow(NOT_FOUND)
    await expect(moveSourceStep(db(), null, two!.id, 'up')).rejects.toThrow('请先登录')
  })
})

describe('sorting a list', () => {
  test('a stale or partial list: the given first, the rest keep their order after them', async () => {
    const { user, a, b } = await owner()
    const rows = await links(user, a, ['一', '二', '三', '四', '五'])
    const id = (i: number) => rows[i]!.id
    await sortSources(db(), user, { bid: a, ids: [id(4), id(2)] })
    expect(await list(a)).toEqual(['五', '三', '一', '二', '四'])
    // Two tabs sorted from the same stale page: the second wins for what it names, nothing is lost.
    await sortSources(db(), user, { bid: a, ids: [id(0), id(1), id(2), id(3), id(4)] })
    await sortSources(db(), user, { bid: a, ids: [id(3), id(0)] })
    expect(await list(a)).toEqual(['四', '一', '二', '三', '五'])
    // An id of another list (or trashed, or unknown): NOT_FOUND, and nothing changes.
    const [elsewhere] = await links(user, b, ['别处'])
    await trashSources(db(), user, [id(1)])
    for (const ids of [[id(0), elsewhere!.id], [id(1)], [2_000_000_000]]) {
      await expect(sortSources(db(), user, { bid: a, ids })).rejects.toThrow(NOT_FOUND)
    }
    expect(await list(a)).toEqual(['四', '一', '三', '五'])
    const { user: stranger } = await createUser(db())
    await expect(sortSources(db(), stranger, { bid: a, ids: [id(4)] })).rejects.toThrow(NOT_FOUND)
  })

  test('a folder: sortSources with parentId, and sortChildren by {sort, id}', async () => {
    const { user, a } = await owner()
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })
    const [x, y, z] = await links(user, a, ['x', 'y', 'z'], folder.id)
    await sortSources(db(), user, { bid: a, parentId: folder.id, ids: [z!.id] })
    expect(await list(a, folder.id)).toEqual(['z', 'x', 'y'])
    await sortChildren(db(), user, [
      { id: x!.id, sort: 2 },
      { id: y!.id, sort: 0 },
      { id: z!.id, sort: 1 },
    ])
    expect(await list(a, folder.id)).toEqual(['y', 'z', 'x'])
    // The top level is another list.
    await expect(sortChildren(db(), user, [{ id: x!.id, sort: 0 }, { id: folder.id, sort: 1 }])).rejects.toThrow(NOT_FOUND)
    await expect(sortSources(db(), user, { bid: a, ids: [x!.id] })).rejects.toThrow(NOT_FOUND)
    expect(await list(a, folder.id)).toEqual(['y', 'z', 'x'])
  })
})

describe('moving and copying a selection', () => {
  test('into a category holding 100 bookmarks: 最多添加100个书签, and nothing changes', async () => {
    const { user, homepageId, a, b } = await owner()
    await db()
      .insert(sources)
      .values(Array.from({ length: 99 }, (_, i) => ({ homepageId, bagId: b, name: `满${i}`, url: 'https://example.com/', sortKey: i })))
    await saveDivider(db(), user, { bid: b, name: '', align: 'center', style: 'solid' })
    const [one, two] = await links(user, a, ['一', '二'])
    const divider = await saveDivider(db(), user, { bid: a, name: '分割', align: 'left', style: 'solid' })
    const before = await snapshot([homepageId])
    await expect(transferSources(db(), user, { ids: [one!.id, two!.id], type: 'move', bid: b })).rejects.toThrow(TOO_MANY_CHILDREN)
    await expect(transferSources(db(), user, { ids: [one!.id, two!.id], type: 'copy', bid: b })).rejects.toThrow(TOO_MANY_CHILDREN)
    expect(await snapshot([homepageId])).toEqual(before)
    // One more fits (99 + 1 = 100; the divider does not count); then nothing more, a divider still does.
    await transferSources(db(), user, { ids: [one!.id], type: 'move', bid: b })
    const full = await snapshot([homepageId])
    await expect(moveSource(db(), user, two!.id, { bid: b })).rejects.toThrow(TOO_MANY_CHILDREN)
    await expect(transferSources(db(), user, { ids: [two!.id], type: 'copy', bid: b })).rejects.toThrow(TOO_MANY_CHILDREN)
    expect(await snapshot([homepageId])).toEqual(full)
    await transferSources(db(), user, { ids: [divider.id], type: 'move', bid: b })
    expect((await list(b)).slice(-3)).toEqual(['', '一', '分割'])
    expect(await list(a)).toEqual(['二'])
  })

  test('move: appended in the given order; rows already there stay; the lists they left close up', async () => {
    const { user, a, b } = await owner()
    const [one, two, three] = await links(user, a, ['一', '二', '三'])
    const [stay] = await links(user, b, ['留'])
    const result = await transferSources(db(), user, { ids: [three!.id, stay!.id, one!.id], type: 'move', bid: b })
    expect(result).toEqual({ count: 2, ids: [three!.id, one!.id] })
    expect(await list(b)).toEqual(['留', '三', '一'])
    expect(await list(a)).toEqual(['二'])
    // Into the same place: nothing happens.
    expect(await transferSources(db(), user, { ids: [two!.id], type: 'move', bid: a })).toEqual({ count: 0, ids: [] })
    expect(await list(a)).toEqual(['二'])
    // Into a folder (children/choose: the folder names the category).
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })
    await transferSources(db(), user, { ids: [one!.id, three!.id], type: 'move', parentId: folder.id })
    expect(await list(a, folder.id)).toEqual(['一', '三'])
    expect(await list(b)).toEqual(['留'])
    const other = await saveFolder(db(), user, { bid: b, name: '另一个', summary: '' })
    await expect(transferSources(db(), user, { ids: [folder.id], type: 'move', parentId: other.id })).rejects.toThrow('文件夹不能放入文件夹')
    await expect(transferSources(db(), user, { ids: [two!.id], type: 'move', bid: a, parentId: other.id })).rejects.toThrow('文件夹不存在或已被删除')
    await expect(transferSources(db(), user, { ids: [two!.id, 2_000_000_000], type: 'move', bid: b })).rejects.toThrow(NOT_FOUND)
  })

  test('copy: a new row with the same content, clicks reset, no star; a folder brings its children', async () => {
    const { user, a, b } = await owner()
    const [one] = await links(user, a, ['一'])
    await recordClick(db(), user, one!.id)
    await toggleStar(db(), user, one!.id)
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '说明' })
    await links(user, a, ['x', 'y'], folder.id)
    await saveLink(db(), user, link(a, '私', folder.id, { isOnlyOwnView: true }))
    const [, trashed] = await links(user, a, ['z', '删'], folder.id)
    await trashSources(db(), user, [trashed!.id])
    const result = await transferSources(db(), user, { ids: [folder.id, one!.id], type: 'copy', bid: b })
    expect(result.count).toBe(2)
    expect(await list(b)).toEqual(['夹', '一'])
    const [copiedFolder, copiedOne] = await db().select().from(sources).where(inArray(sources.id, result.ids)).orderBy(asc(sources.sortKey))
    expect(copiedFolder).toMatchObject({ id: result.ids[0], type: 'folder', name: '夹', note: '说明', bagId: b })
    expect(copiedOne).toMatchObject({ id: result.ids[1], name: '一', url: one!.url, note: '注', clickAmount: 0, clickTime: null, liked: false })
    expect(await list(b, copiedFolder!.id)).toEqual(['x', 'y', '私', 'z'])
    const [priv] = await db().select().from(sources).where(and(eq(sources.parentId, copiedFolder!.id), eq(sources.name, '私')))
    expect(priv!.isPrivate).toBe(true)
    // The originals are untouched.
    expect(await list(a)).toEqual(['一', '夹'])
    expect(await list(a, folder.id)).toEqual(['x', 'y', '私', 'z'])
    // Copy into the same category duplicates in place, appended.
    await transferSources(db(), user, { ids: [one!.id], type: 'copy', bid: a })
    expect(await list(a)).toEqual(['一', '夹', '一'])
  })

  test('a double-submitted copy with one key makes one copy: one after the other, and at once', async () => {
    const { user, a, b } = await owner()
    const [one, two] = await links(user, a, ['一', '二'])
    const input = { ids: [one!.id, two!.id], type: 'copy' as const, bid: b, key: 'form-token-1' }
    expect(await transferSources(db(), user, input)).toMatchObject({ count: 2 })
    expect(await transferSources(db(), user, input)).toEqual({ count: 0, ids: [], repeated: true })
    expect(await list(b)).toEqual(['一', '二'])
    const racing = await Promise.all(Array.from({ length: 5 }, () => transferSources(db(), user, { ...input, key: 'form-token-2' })))
    expect(racing.filter((r) => !r.repeated)).toHaveLength(1)
    expect(await list(b)).toEqual(['一', '二', '一', '二'])
    // A failed attempt does not use up its key.
    await expect(transferSources(db(), user, { ...input, bid: 2_000_000_000, key: 'form-token-3' })).rejects.toThrow(NOT_FOUND)
    expect(await transferSources(db(), user, { ...input, key: 'form-token-3' })).toMatchObject({ count: 2 })
    // Keys belong to their user: another user's same key is a different one.
    const other = await owner()
    const [mine] = await links(other.user, other.a, ['他的'])
    expect(await transferSources(db(), other.user, { ids: [mine!.id], type: 'copy', bid: other.b, key: 'form-token-1' })).toMatchObject({ count: 1 })
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))
    expect(keys.map((k) => k.key).sort()).toEqual(['form-token-1', 'form-token-2', 'form-token-3'])
  })

  test('across homepages: only where the actor may edit; NOT_FOUND or FORBIDDEN and nothing changes', async () => {
    const mine = await owner()
    const theirs = await owner()
    const [open, secret] = [await saveLink(db(), theirs.user, link(theirs.a, '公开')), await saveLink(db(), theirs.user, link(theirs.a, '私密', undefined, { isOnlyOwnView: true }))]
    const [own] = await links(mine.user, mine.a, ['我的'])
    const before = await snapshot([mine.homepageId, theirs.homepageId])
    const attempts = (expected: string) => [
      [() => transferSources(db(), mine.user, { ids: [open.id], type: 'move', bid: mine.a }), expected],
      [() => transferSources(db(), mine.user, { ids: [own!.id], type: 'move', bid: theirs.a }), expected],
      [() => transferSources(db(), mine.user, { ids: [own!.id], type: 'copy', bid: theirs.a }), expected],
      [() => transferSources(db(), mine.user, { ids: [own!.id, open.id], type: 'move', bid: mine.b }), NOT_FOUND],
      [() => moveSource(db(), mine.user, open.id, { bid: mine.a }), expected],
      [() => moveSource(db(), mine.user, own!.id, { bid: theirs.a }), expected],
      [() => moveSource(db(), mine.user, own!.id, { afterId: open.id }), expected],
      [() => moveSourceStep(db(), mine.user, open.id, 'down'), expected],
      [() => sortSources(db(), mine.user, { bid: theirs.a, ids: [open.id] }), expected],
      [() => sortChildren(db(), mine.user, [{ id: open.id, sort: 0 }]), expected],
    ] as const
    // Their homepage is private: everything in it is NOT_FOUND, and a copy out of it too.
    for (const [attempt, message] of attempts(NOT_FOUND)) await expect(attempt()).rejects.toThrow(message)
    await expect(transferSources(db(), mine.user, { ids: [open.id], type: 'copy', bid: mine.a })).rejects.toThrow(NOT_FOUND)
    expect(await snapshot([mine.homepageId, theirs.homepageId])).toEqual(before)
    // Open: they may be seen (and copied from), never changed.
    await db().update(homepages).set({ isOpen: true }).where(eq(homepages.id, theirs.homepageId))
    for (const [attempt, message] of attempts(FORBIDDEN)) await expect(attempt()).rejects.toThrow(message)
    await expect(transferSources(db(), mine.user, { ids: [secret.id], type: 'copy', bid: mine.a })).rejects.toThrow(NOT_FOUND)
    expect(await snapshot([mine.homepageId, theirs.homepageId])).toEqual(before)
    expect(await transferSources(db(), mine.user, { ids: [open.id], type: 'copy', bid: mine.a })).toMatchObject({ count: 1 })
    expect(await list(mine.a)).toEqual(['我的', '公开'])
    expect(await list(theirs.a)).toEqual(['公开', '私密'])
    // Guests: sign in first.
    await expect(transferSources(db(), null, { ids: [open.id], type: 'copy', bid: mine.a })).rejects.toThrow('请先登录')
  })

  test('between two homepages of the same owner: the rows and a folder’s children change homepage', async () => {
    const { user, homepageId, a } = await owner()
    const [second] = await db().insert(homepages).values({ userId: user.id, title: '第二' }).returning()
    const module = await saveModule(db(), user, { homepageId: second!.id, name: '模块', icon: 'tabler:star', moduleType: 0 })
    const there = await saveBag(db(), user, { moduleId: module.moduleId, name: '那边', icon: 'tabler:star' })
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })
    await links(user, a, ['x'], folder.id)
    const [one] = await links(user, a, ['一'])
    await transferSources(db(), user, { ids: [folder.id, one!.id], type: 'move', bid: there.bid })
    expect(await list(there.bid)).toEqual(['夹', '一'])
    expect(await list(there.bid, folder.id)).toEqual(['x'])
    const moved = await snapshot([second!.id])
    expect(moved.map((r) => r.name).sort()).toEqual(['x', '一', '夹'])
    expect(await snapshot([homepageId])).toEqual([])
  })
})

describe('the sort lock (spec §4)', () => {
  /** The user as a request would load them, after switching their bookmark order. */
  async function sortingBy(user: User, method: SortMethod) {
    await setBookmarkSort(db(), user, method)
    const [fresh] = await db().select().from(users).where(eq(users.id, user.id))
    return fresh!
  }

  test('in any order but 自定义排序 every reorder is refused and changes nothing; moves into another list are not', async () => {
    const { user, homepageId, moduleId, a, b } = await owner()
    const [one, two, three] = await links(user, a, ['一', '二', '三'])
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })
    const [x, y] = await links(user, a, ['x', 'y'], folder.id)
    await links(user, b, ['乙'])

    const locked = await sortingBy(user, 'newest')
    const before = await snapshot([homepageId])
    const reorders = [
      () => sortSources(db(), locked, { bid: a, ids: [three!.id, one!.id] }),
      () => sortSources(db(), locked, { bid: a, parentId: folder.id, ids: [y!.id, x!.id] }),
      () => sortChildren(db(), locked, [{ id: y!.id, sort: 0 }, { id: x!.id, sort: 1 }]),
      () => moveSourceStep(db(), locked, two!.id, 'up'),
      () => moveSourceStep(db(), locked, two!.id, 'down'),
      () => moveSourceStep(db(), locked, two!.id, { position: 1 }),
      () => moveSource(db(), locked, one!.id, { afterId: three!.id }),
      () => moveSource(db(), locked, x!.id, { parentId: folder.id, afterId: null }),
    ]
    for (const reorder of reorders) await expect(reorder()).rejects.toThrow(SORT_LOCKED_MSG)
    expect(await snapshot([homepageId])).toEqual(before)

    // Moving into another category or folder changes where a bookmark lives, not the order the
    // viewer sees: allowed, and it lands last in the custom order (a position asked for is ignored).
    await moveSource(db(), locked, one!.id, { bid: b, afterId: null })
    expect(await list(b)).toEqual(['乙', '一'])
    await transferSources(db(), locked, { ids: [two!.id], type: 'move', parentId: folder.id })
    expect(await list(a, folder.id)).toEqual(['x', 'y', '二'])
    // Categories and modules are not ordered by the bookmark order.
    const c = await saveBag(db(), locked, { moduleId, name: '丙类', icon: 'tabler:tool' })
    await sortBags(db(), locked, [c.bid, a, b])
    await moveBag(db(), locked, a, 'down')
    await sortModules(db(), locked, [moduleId])

    // The lock is the actor's own: a manager in 自定义排序 sorts the owner's homepage meanwhile.
    const { user: manager } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId, userId: manager.id, permission: 'manager' })
    await sortSources(db(), manager, { bid: a, ids: [folder.id, three!.id] })
    expect(await list(a)).toEqual(['夹', '三'])

    // Back to 自定义排序: sorting works again.
    const custom = await sortingBy(user, 'custom')
    await sortSources(db(), custom, { bid: a, ids: [three!.id, folder.id] })
    expect(await list(a)).toEqual(['三', '夹'])
    await moveSourceStep(db(), custom, two!.id, 'first')
    expect(await list(a, folder.id)).toEqual(['二', 'x', 'y'])
    await sortChildren(db(), custom, [{ id: y!.id, sort: 0 }])
    expect(await list(a, folder.id)).toEqual(['y', '二', 'x'])
  })
})

describe('concurrency', () => {
  test('50 concurrent random moves, sorts and steps leave every list a permutation', async () => {
    const { user, homepageId, a, b } = await owner()
    const folder = await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })
    await links(user, a, ['f1', 'f2', 'f3'], folder.id)
    await links(user, a, Array.from({ length: 8 }, (_, i) => `a${i}`))
    await links(user, b, Array.from({ length: 8 }, (_, i) => `b${i}`))
    await saveDivider(db(), user, { bid: b, name: '', align: 'center', style: 'solid' })
    const all = await snapshot([homepageId])
    const ids = all.map((r) => r.id)
    const random = seeded(42)
    const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const steps = ['up', 'down', 'first', 'last', { position: 3 }] as const
    const calls = Array.from({ length: 50 }, (_, i) => {
      const id = pick(ids)
      switch (i % 6) {
        case 0:
          return moveSource(db(), user, id, { bid: pick([a, b]), afterId: random() < 0.3 ? null : undefined })
        case 1:
          return moveSource(db(), user, id, { afterId: pick(ids) })
        case 2:
          return moveSource(db(), user, id, { parentId: folder.id, afterId: random() < 0.5 ? null : undefined })
        case 3:
          return sortSources(db(), user, { bid: pick([a, b]), ids: [pick(ids), pick(ids), pick(ids)] })
        case 4:
          return moveSourceStep(db(), user, id, pick(steps))
        default:
          return transferSources(db(), user, { ids: [pick(ids), pick(ids)], type: 'move', bid: pick([a, b]) })
      }
    })
    const results = await Promise.allSettled(calls)
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []))
    // Only the expected refusals (an id that moved away meanwhile, a folder into a folder).
    for (const error of failures) {
      expect(error).toBeInstanceOf(DomainError)
      expect([NOT_FOUND, '文件夹不能放入文件夹']).toContain((error as DomainError).message)
    }
    expect(results.length - failures.length).toBeGreaterThan(10)
    const after = await snapshot([homepageId])
    // Every bookmark exactly once, none lost, none added.
    expect(after.map((r) => r.id)).toEqual(ids)
    expect(after.every((r) => r.deletedAt === null)).toBe(true)
    // Each list: positions exactly 0…n−1; a folder's children live in the folder's category.
    const lists = new Map<string, number[]>()
    for (const r of after) {
      const key = `${r.bagId}:${r.parentId ?? 0}`
      lists.set(key, [...(lists.get(key) ?? []), r.sortKey])
      if (r.parentId) expect(r.bagId).toBe(after.find((f) => f.id === r.parentId)!.bagId)
    }
    for (const keys of lists.values()) expect(keys.sort((x, y) => x - y)).toEqual([...keys.keys()])
    expect(after.filter((r) => r.parentId !== null).every((r) => r.parentId === folder.id)).toBe(true)
  })
})

/** A small deterministic PRNG (mulberry32): the same "random" moves on every run. */
function seeded(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

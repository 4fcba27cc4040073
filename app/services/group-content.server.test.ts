import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { groupBookmarks, groupCategories, groupLogs, notices, sources } from '#app/db/schema/index.ts'
import { LINK_URL_MSG } from '#app/schemas/content.ts'
import { GroupBookmarkSchema, GroupCategorySchema, MoveCommand, ReviewStatus } from '#app/schemas/group.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createOwner, createUser, refusalOf as refusal } from '#tests/db-utils.ts'
import { addGroupBookmark, addGroupMember, categoryOrderOf, createGroupCategory, expectGapFree, groupWith, orderOf } from '#tests/group-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORBIDDEN, GROUP_CLOSED, NOT_FOUND } from './group-access.server.ts'
import {
  ALREADY_APPEALED,
  ALREADY_REVIEWED,
  appealBookmark,
  BOOKMARK_ADDED_MSG,
  bookmarkDetail,
  bookmarkTrash,
  CANNOT_APPEAL,
  CATEGORIES_CHANGED,
  CATEGORY_TRASHED,
  categoryDetail,
  collectGroupBookmarks,
  CONTRIBUTED_MSG,
  copyGroupBookmark,
  listBookmarks,
  listCategories,
  MAX_CATEGORY_BOOKMARKS,
  MAX_GROUP_CATEGORIES,
  moveGroupBookmark,
  restoreCategory,
  restoreGroupBookmark,
  reviewContribution,
  saveCategory,
  saveGroupBookmark,
  searchGroupBookmarks,
  sortCategories,
  TOO_MANY_CATEGORIES,
  TOO_MANY_GROUP_BOOKMARKS,
  trashCategory,
  trashGroupBookmark,
} from './group-content.server.ts'
import { applyToJoin, listGroupLog, listGroupMembers } from './group-people.server.ts'
import { groupDetail } from './groups.server.ts'

const db = useTestDb()

const page = { page: 1, size: 100 }
const names = (list: Array<{ name: string }>) => list.map((b) => b.name)
const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? []
const logCount = async (groupId: number, action: string) =>
  (await db().select({ id: groupLogs.id }).from(groupLogs).where(and(eq(groupLogs.groupId, groupId), eq(groupLogs.action, action)))).length
const noticesOf = (userId: number) => db().select().from(notices).where(and(eq(notices.userId, userId), eq(notices.kind, 'group')))

describe('the schemas', () => {
  test('a category needs a title of at most 20 characters and a known icon', () => {
    expect(issues(GroupCategorySchema.safeParse({ groupId: 1, title: ' ' }))).toEqual(['请输入分类名称'])
    expect(issues(GroupCategorySchema.safeParse({ groupId: 1, title: '字'.repeat(21) }))).toEqual(['分类名称不能超过20个字'])
    expect(GroupCategorySchema.parse({ groupId: '3', title: ' 设计 ', icon: 'javascript:alert(1)' })).toEqual({ groupId: 3, title: '设计', icon: '' })
    expect(issues(GroupCategorySchema.safeParse({ groupId: 'x', title: '设计' }))).toHaveLength(1)
  })

  test('a bookmark needs a name and an http(s) address; its note at most 100 characters', () => {
    expect(issues(GroupBookmarkSchema.safeParse({ cid: 1, name: '', url: 'https://example.com/' }))).toEqual(['请输入网站名称'])
    expect(issues(GroupBookmarkSchema.safeParse({ cid: 1, name: '坏', url: 'javascript:alert(1)' }))).toEqual([LINK_URL_MSG])
    expect(issues(GroupBookmarkSchema.safeParse({ cid: 1, name: '长', url: 'https://example.com/', note: '字'.repeat(101) }))).toEqual(['备注的长度不能超过100个字'])
    expect(GroupBookmarkSchema.parse({ cid: '2', name: '例子', url: 'example.com' })).toMatchObject({ cid: 2, name: '例子', url: 'https://example.com/', note: '', icon: '' })
  })

  test('a review is 1 (approve) or 2 (turn down); a move is up, down or move', () => {
    expect(ReviewStatus.parse('1')).toBe('approved')
    expect(ReviewStatus.parse(2)).toBe('rejected')
    expect(issues(ReviewStatus.safeParse('3'))).toEqual(['请选择审核结果'])
    expect(MoveCommand.parse('up')).toBe('up')
    expect(MoveCommand.parse('sideways')).toBe('move')
  })
})

describe('categories', () => {
  test('the owner and administrators add, rename, sort, delete and restore them; the order stays 1…n', async () => {
    const g = await groupWith(db(), { categories: ['甲', '乙'] })
    const bing = await createGroupCategory(db(), g.admin, g.groupId, '丙')
    expect(await categoryOrderOf(db(), g.groupId)).toEqual(['甲', '乙', '丙'])
    const renamed = await saveCategory(db(), g.admin, GroupCategorySchema.parse({ id: bing, groupId: g.groupId, title: '丙丙', icon: 'tabler:star' }))
    expect(renamed).toMatchObject({ id: bing, cid: bing, title: '丙丙', icon: 'tabler:star', sort: 3 })
    expect(await categoryDetail(db(), g.member, bing)).toMatchObject({ title: '丙丙' })

    const [jia, yi] = g.cids as [number, number]
    await sortCategories(db(), g.owner, [bing, jia, yi])
    expect(await categoryOrderOf(db(), g.groupId)).toEqual(['丙丙', '甲', '乙'])

    await trashCategory(db(), g.admin, jia)
    expect(await categoryOrderOf(db(), g.groupId)).toEqual(['丙丙', '乙'])
    expect((await listCategories(db(), g.member, { groupId: g.groupId, ...page, status: 0 })).list.map((c) => c.title)).toEqual(['丙丙', '乙'])
    const trash = await listCategories(db(), g.admin, { groupId: g.groupId, ...page, status: 1 })
    expect(trash.list).toEqual([expect.objectContaining({ id: jia, title: '甲', deleteTime: expect.any(String) })])
    await expect(categoryDetail(db(), g.member, jia)).rejects.toThrow(NOT_FOUND)

    await restoreCategory(db(), g.owner, jia)
    expect(await categoryOrderOf(db(), g.groupId)).toEqual(['丙丙', '乙', '甲'])
    expect(await logCount(g.groupId, 'sort-category')).toBe(1)
    expect(await logCount(g.groupId, 'restore-category')).toBe(1)
  })

  test('members, outsiders and guests may not change them; only managers see the category trash', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const input = GroupCategorySchema.parse({ groupId: g.groupId, title: '新的' })
    for (const actor of [g.member, g.outsider]) {
      expect((await refusal(saveCategory(db(), actor, input))).message).toBe(FORBIDDEN)
      expect((await refusal(saveCategory(db(), actor, { ...input, id: cid }))).message).toBe(FORBIDDEN)
      expect((await refusal(sortCategories(db(), actor, [cid]))).message).toBe(FORBIDDEN)
      expect((await refusal(trashCategory(db(), actor, cid))).message).toBe(FORBIDDEN)
      expect((await refusal(listCategories(db(), actor, { groupId: g.groupId, ...page, status: 1 }))).message).toBe(FORBIDDEN)
    }
    await expect(saveCategory(db(), null, input)).rejects.toBeInstanceOf(NotSignedInError)
    await expect(trashCategory(db(), null, cid)).rejects.toBeInstanceOf(NotSignedInError)
    await trashCategory(db(), g.owner, cid)
    expect((await refusal(restoreCategory(db(), g.member, cid))).message).toBe(FORBIDDEN)
    expect(await categoryOrderOf(db(), g.groupId)).toEqual([])
    // An open group's categories are anyone's to read, guests' too.
    await restoreCategory(db(), g.owner, cid)
    expect((await listCategories(db(), null, { groupId: g.groupId, ...page, status: 0 })).total).toBe(1)
  })

  test('sort-category takes every live category exactly once', async () => {
    const g = await groupWith(db(), { categories: ['一', '二', '三'] })
    const [a, b, c] = g.cids as [number, number, number]
    expect((await refusal(sortCategories(db(), g.owner, [a, a, b]))).message).toBe(CATEGORIES_CHANGED)
    expect((await refusal(sortCategories(db(), g.owner, [b, a]))).message).toBe(CATEGORIES_CHANGED)
    expect((await refusal(sortCategories(db(), g.owner, [c, b, a, a]))).message).toBe(CATEGORIES_CHANGED)
    expect((await refusal(sortCategories(db(), g.owner, []))).message).toBe(NOT_FOUND)
    const other = await groupWith(db())
    expect((await refusal(sortCategories(db(), g.owner, [other.cids[0]!]))).message).toBe(FORBIDDEN)
    expect(await categoryOrderOf(db(), g.groupId)).toEqual(['一', '二', '三'])
  })

  test('全部书签 and the group search follow the categories’ order, not their age', async () => {
    const g = await groupWith(db(), { categories: ['一', '二'] })
    const [first, second] = g.cids as [number, number]
    await addGroupBookmark(db(), g.owner, first, '甲 一')
    await addGroupBookmark(db(), g.owner, second, '乙 二')
    await addGroupBookmark(db(), g.owner, second, '丙 二')
    const all = () => listBookmarks(db(), g.owner, { groupId: g.groupId, ...page })
    expect(names((await all()).list)).toEqual(['甲 一', '乙 二', '丙 二'])
    await sortCategories(db(), g.owner, [second, first])
    expect(names((await all()).list)).toEqual(['乙 二', '丙 二', '甲 一'])
    expect(names((await searchGroupBookmarks(db(), null, { groupId: g.groupId, wd: '', ...page })).list)).toEqual([])
    expect(names((await searchGroupBookmarks(db(), null, { groupId: g.groupId, wd: 'example', ...page })).list)).toEqual(['乙 二', '丙 二', '甲 一'])
  })

  test('a group holds at most 100 live categories; a restore past it is refused too', async () => {
    const g = await groupWith(db(), { categories: [] })
    const rows = Array.from({ length: MAX_GROUP_CATEGORIES }, (_, i) => ({ groupId: g.groupId, title: `分类${i + 1}`, sort: i + 1 }))
    const inserted = await db().insert(groupCategories).values(rows).returning({ id: groupCategories.id })
    const input = GroupCategorySchema.parse({ groupId: g.groupId, title: '多一个' })
    expect((await refusal(saveCategory(db(), g.owner, input))).message).toBe(TOO_MANY_CATEGORIES)
    await trashCategory(db(), g.owner, inserted[0]!.id)
    await saveCategory(db(), g.owner, input)
    expect((await refusal(restoreCategory(db(), g.owner, inserted[0]!.id))).message).toBe(TOO_MANY_CATEGORIES)
    expect((await categoryOrderOf(db(), g.groupId)).length).toBe(MAX_GROUP_CATEGORIES)
  })
})

describe('bookmarks and contributions', () => {
  test('an administrator’s link shows at once; a member’s waits for review, and the reviewers hear of it', async () => {
    const g = await groupWith(db(), { admins: 2 })
    const cid = g.cids[0]!
    const shown = await saveGroupBookmark(db(), g.admin, GroupBookmarkSchema.parse({ cid, name: '站酷', url: 'https://www.zcool.com.cn/' }))
    expect(shown).toMatchObject({ msg: BOOKMARK_ADDED_MSG, bookmark: { name: '站酷', status: 'approved', sort: 1 } })
    const waiting = await saveGroupBookmark(db(), g.member, GroupBookmarkSchema.parse({ cid, name: '花瓣', url: 'https://huaban.com/' }))
    expect(waiting).toMatchObject({ msg: CONTRIBUTED_MSG, bookmark: { name: '花瓣', status: 'pending', sort: 2 } })

    // Everyone sees the shown one only; the reviewers see the waiting one in the pending list, its contributor too.
    for (const actor of [null, g.outsider, g.members[1]!, g.member]) expect(names((await listBookmarks(db(), actor, { groupId: g.groupId, ...page })).list)).toEqual(['站酷'])
    expect(names((await listBookmarks(db(), g.admin, { groupId: g.groupId, ...page, pending: true })).list)).toEqual(['花瓣'])
    expect(names((await listBookmarks(db(), g.member, { groupId: g.groupId, ...page, pending: true })).list)).toEqual(['花瓣'])
    expect((await listBookmarks(db(), g.members[1]!, { groupId: g.groupId, ...page, pending: true })).list).toEqual([])
    expect(await bookmarkDetail(db(), g.member, waiting.bookmark.id)).toMatchObject({ name: '花瓣', contributor: '成员1' })
    expect(await bookmarkDetail(db(), g.owner, waiting.bookmark.id)).toMatchObject({ status: 'pending' })
    expect((await refusal(bookmarkDetail(db(), g.members[1]!, waiting.bookmark.id))).message).toBe(NOT_FOUND)
    expect((await refusal(bookmarkDetail(db(), g.outsider, waiting.bookmark.id))).message).toBe(NOT_FOUND)

    // Owner and both administrators are told, each once.
    for (const reviewer of [g.owner, ...g.admins]) {
      expect((await noticesOf(reviewer.id)).map((n) => n.content)).toEqual([`「成员1」投稿了书签「花瓣」，等待审核（小组「设计资源」）`])
    }
    expect(await noticesOf(g.member.id)).toEqual([])
    expect(await logCount(g.groupId, 'contribute')).toBe(1)
    expect(await logCount(g.groupId, 'add-bookmark')).toBe(1)
  })

  test('outsiders and guests cannot add; only administrators edit; a pending one is edited, a rejected one is not', async () => {
    const g = await groupWith(db(), { categories: ['甲', '乙'] })
    const [jia, yi] = g.cids as [number, number]
    const input = GroupBookmarkSchema.parse({ cid: jia, name: '外人', url: 'https://example.com/' })
    expect((await refusal(saveGroupBookmark(db(), g.outsider, input))).message).toBe(FORBIDDEN)
    await expect(saveGroupBookmark(db(), null, input)).rejects.toBeInstanceOf(NotSignedInError)
    const a = await addGroupBookmark(db(), g.owner, jia, 'a')
    const b = await addGroupBookmark(db(), g.owner, jia, 'b')
    const edit = GroupBookmarkSchema.parse({ id: a.id, cid: jia, name: 'a改', url: 'https://example.com/a2', note: '备注' })
    expect((await refusal(saveGroupBookmark(db(), g.member, edit))).message).toBe(FORBIDDEN)
    expect((await refusal(saveGroupBookmark(db(), g.outsider, edit))).message).toBe(FORBIDDEN)
    expect((await saveGroupBookmark(db(), g.admin, edit)).bookmark).toMatchObject({ name: 'a改', url: 'https://example.com/a2', note: '备注', sort: 1 })
    // Edited into another category: it goes to that one's end, and the one it left closes up.
    await saveGroupBookmark(db(), g.admin, { ...edit, cid: yi })
    expect(await orderOf(db(), jia)).toEqual(['b'])
    expect(await orderOf(db(), yi)).toEqual(['a改'])
    // Not into another group's category.
    const other = await groupWith(db())
    expect((await refusal(saveGroupBookmark(db(), g.admin, { ...edit, cid: other.cids[0]! }))).message).toBe(FORBIDDEN)
    expect((await refusal(saveGroupBookmark(db(), other.owner, { ...edit, cid: other.cids[0]! }))).message).toBe(NOT_FOUND)
    const pending = await addGroupBookmark(db(), g.member, jia, '待审')
    await saveGroupBookmark(db(), g.admin, GroupBookmarkSchema.parse({ id: pending.id, cid: jia, name: '待审改', url: 'https://example.com/' }))
    await reviewContribution(db(), g.admin, { id: pending.id, status: 'rejected' })
    const rejected = GroupBookmarkSchema.parse({ id: pending.id, cid: jia, name: '复活', url: 'https://example.com/' })
    expect((await refusal(saveGroupBookmark(db(), g.admin, rejected))).message).toBe(NOT_FOUND)
    expect(await orderOf(db(), jia)).toEqual(['b'])
    expect(b.sort).toBe(2)
  })

  test('100 contributions at once to one category: 100 rows, places exactly 1…100', async () => {
    const g = await groupWith(db(), { members: 5 })
    const cid = g.cids[0]!
    const all = g.members.flatMap((member, m) => Array.from({ length: 20 }, (_, i) => ({ member, name: `投稿${m}-${i}` })))
    const results = await Promise.all(all.map(({ member, name }) => addGroupBookmark(db(), member, cid, name)))
    expect(new Set(results.map((r) => r.id)).size).toBe(100)
    const rows = await db().select().from(groupBookmarks).where(eq(groupBookmarks.categoryId, cid))
    expect(rows).toHaveLength(100)
    expect(rows.every((r) => r.status === 'pending' && r.deletedAt === null)).toBe(true)
    expectGapFree(rows.map((r) => r.sort).sort((a, b) => a - b))
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(all.map((a) => a.name)))
    expect(await logCount(g.groupId, 'contribute')).toBe(100)
    // And approved at once, by two administrators racing: still 1…100, each approved once.
    const admin2 = g.admins[0]!
    const decisions = await Promise.allSettled(rows.flatMap((r) => [reviewContribution(db(), g.owner, { id: r.id, status: 'approved' }), reviewContribution(db(), admin2, { id: r.id, status: 'approved' })]))
    expect(decisions.filter((d) => d.status === 'fulfilled')).toHaveLength(100)
    expect(await logCount(g.groupId, 'approve-contribute')).toBe(100)
    expect((await listBookmarks(db(), null, { groupId: g.groupId, categoryId: cid, page: 1, size: 100 })).total).toBe(100)
    expect(await orderOf(db(), cid)).toHaveLength(100)
  })

  test('the order stays 1…n through delete, reject, restore, a move to another category, up and down', async () => {
    const g = await groupWith(db(), { categories: ['甲', '乙'] })
    const [jia, yi] = g.cids as [number, number]
    const ids: Record<string, number> = {}
    for (const name of ['a', 'b', 'c', 'd', 'e']) ids[name] = (await addGroupBookmark(db(), g.admin, jia, name)).id
    const y = await addGroupBookmark(db(), g.owner, yi, 'y')

    await trashGroupBookmark(db(), g.admin, ids.c!)
    expect(await orderOf(db(), jia)).toEqual(['a', 'b', 'd', 'e'])

    const f = await addGroupBookmark(db(), g.member, jia, 'f')
    const h = await addGroupBookmark(db(), g.member, jia, 'h')
    expect(await orderOf(db(), jia)).toEqual(['a', 'b', 'd', 'e', 'f', 'h'])
    await reviewContribution(db(), g.admin, { id: f.id, status: 'rejected' })
    expect(await orderOf(db(), jia)).toEqual(['a', 'b', 'd', 'e', 'h'])
    await reviewContribution(db(), g.admin, { id: h.id, status: 'approved' })
    expect(await orderOf(db(), jia)).toEqual(['a', 'b', 'd', 'e', 'h'])

    await moveGroupBookmark(db(), g.admin, { id: ids.b!, targetCid: yi, cmd: 'move' })
    expect(await orderOf(db(), jia)).toEqual(['a', 'd', 'e', 'h'])
    expect(await orderOf(db(), yi)).toEqual(['y', 'b'])

    await moveGroupBookmark(db(), g.admin, { id: h.id, cmd: 'up' })
    expect(await orderOf(db(), jia)).toEqual(['a', 'd', 'h', 'e'])
    await moveGroupBookmark(db(), g.owner, { id: ids.a!, cmd: 'down' })
    expect(await orderOf(db(), jia)).toEqual(['d', 'a', 'h', 'e'])
    // Past either end: nothing moves.
    await moveGroupBookmark(db(), g.admin, { id: ids.d!, cmd: 'up' })
    await moveGroupBookmark(db(), g.admin, { id: ids.e!, cmd: 'down' })
    expect(await orderOf(db(), jia)).toEqual(['d', 'a', 'h', 'e'])

    await restoreGroupBookmark(db(), g.admin, ids.c!)
    expect(await orderOf(db(), jia)).toEqual(['d', 'a', 'h', 'e', 'c'])
    // A category's trash takes its bookmarks from view but not from their order; a bookmark cannot come back into a trashed category.
    await trashGroupBookmark(db(), g.admin, y.id)
    await trashCategory(db(), g.owner, yi)
    expect((await refusal(restoreGroupBookmark(db(), g.admin, y.id))).message).toBe(CATEGORY_TRASHED)
    expect((await refusal(moveGroupBookmark(db(), g.admin, { id: ids.a!, targetCid: yi, cmd: 'move' }))).message).toBe(NOT_FOUND)
    expect((await refusal(moveGroupBookmark(db(), g.member, { id: ids.a!, cmd: 'up' }))).message).toBe(FORBIDDEN)
    expect((await refusal(trashGroupBookmark(db(), g.member, ids.a!))).message).toBe(FORBIDDEN)
    expect((await refusal(restoreGroupBookmark(db(), g.member, ids.c!))).message).toBe(FORBIDDEN)
    expect(await orderOf(db(), jia)).toEqual(['d', 'a', 'h', 'e', 'c'])
  })

  test('contributions at once to two groups whose reviewers are crossed: none deadlocks', async () => {
    // A owns one group and reviews the other, B the reverse: each contribution notifies both, and
    // each notice locks its reader's row (the page versions' trigger), so they must be taken in one order.
    const one = await groupWith(db(), { admins: 0, members: 3 })
    const two = await groupWith(db(), { admins: 0, members: 3 })
    await addGroupMember(db(), one.groupId, two.owner, 'admin')
    await addGroupMember(db(), two.groupId, one.owner, 'admin')
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => {
        const g = i % 2 ? one : two
        return addGroupBookmark(db(), g.members[i % 3]!, g.cids[0]!, `交叉${i}`)
      }),
    )
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([])
    expect((await orderOf(db(), one.cids[0]!)).length + (await orderOf(db(), two.cids[0]!)).length).toBe(30)
  })

  test('moves, deletes and restores at once keep every place once', async () => {
    const g = await groupWith(db(), { categories: ['甲', '乙'] })
    const [jia, yi] = g.cids as [number, number]
    const made = []
    for (let i = 0; i < 20; i++) made.push(await addGroupBookmark(db(), g.admin, i % 2 ? yi : jia, `书签${i}`))
    const ops = made.flatMap((b, i) => [
      moveGroupBookmark(db(), g.admin, { id: b.id, cmd: i % 3 ? 'up' : 'down' }),
      moveGroupBookmark(db(), g.owner, { id: b.id, targetCid: i % 2 ? jia : yi, cmd: 'move' }),
      i % 4 === 0 ? trashGroupBookmark(db(), g.admin, b.id).then(() => restoreGroupBookmark(db(), g.owner, b.id)) : Promise.resolve(),
    ])
    await Promise.allSettled(ops)
    const total = (await orderOf(db(), jia)).length + (await orderOf(db(), yi)).length
    expect(total).toBe(20)
  })

  test('the bookmark trash and search: removed ones for administrators, shown ones for whoever sees the group', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const kept = await addGroupBookmark(db(), g.admin, cid, 'Figma 设计')
    const gone = await addGroupBookmark(db(), g.admin, cid, 'Sketch 设计')
    await addGroupBookmark(db(), g.member, cid, '待审 设计')
    await trashGroupBookmark(db(), g.owner, gone.id)
    const trash = await bookmarkTrash(db(), g.admin, { groupId: g.groupId, page: 1, size: 5 })
    expect(trash).toMatchObject({ total: 1, list: [{ id: gone.id, deleteTime: expect.any(String) }] })
    expect((await refusal(bookmarkTrash(db(), g.member, { groupId: g.groupId, page: 1, size: 5 }))).message).toBe(FORBIDDEN)
    const found = await searchGroupBookmarks(db(), null, { groupId: g.groupId, wd: '设计', page: 1, size: 5 })
    expect(found).toMatchObject({ total: 1, list: [{ id: kept.id }] })
    expect((await searchGroupBookmarks(db(), g.member, { groupId: g.groupId, wd: 'figma', page: 1, size: 5 })).total).toBe(1)
    expect((await searchGroupBookmarks(db(), g.member, { groupId: g.groupId, wd: '_', page: 1, size: 5 })).total).toBe(0)
    expect((await searchGroupBookmarks(db(), g.member, { groupId: g.groupId, wd: '  ', page: 1, size: 5 })).total).toBe(0)
  })

  test('a category holds at most 1000 bookmarks', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const rows = Array.from({ length: MAX_CATEGORY_BOOKMARKS }, (_, i) => ({ groupId: g.groupId, categoryId: cid, name: `b${i}`, url: 'https://example.com/', sort: i + 1 }))
    await db().insert(groupBookmarks).values(rows)
    expect((await refusal(addGroupBookmark(db(), g.admin, cid, '多一个'))).message).toBe(TOO_MANY_GROUP_BOOKMARKS)
    expect((await refusal(addGroupBookmark(db(), g.member, cid, '多一个'))).message).toBe(TOO_MANY_GROUP_BOOKMARKS)
  })
})

describe('review and appeal', () => {
  test('a double-submitted approval approves once: one log row, one notice', async () => {
    const g = await groupWith(db(), { admins: 2 })
    const pending = await addGroupBookmark(db(), g.member, g.cids[0]!, '双击')
    const results = await Promise.allSettled([
      reviewContribution(db(), g.admins[0]!, { id: pending.id, status: 'approved' }),
      reviewContribution(db(), g.admins[1]!, { id: pending.id, status: 'approved' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const failed = results.find((r) => r.status === 'rejected')
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ message: ALREADY_REVIEWED })
    expect(await logCount(g.groupId, 'approve-contribute')).toBe(1)
    expect((await noticesOf(g.member.id)).filter((n) => n.title === '投稿已通过')).toHaveLength(1)
    expect(await orderOf(db(), g.cids[0]!)).toEqual(['双击'])
    // Decided is decided: neither approved again nor turned down later.
    expect((await refusal(reviewContribution(db(), g.owner, { id: pending.id, status: 'rejected' }))).message).toBe(ALREADY_REVIEWED)
  })

  test('only the owner and administrators review; a turned-down contribution leaves the order and its contributor hears', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const pending = await addGroupBookmark(db(), g.member, cid, '待定')
    for (const actor of [g.member, g.members[1]!, g.outsider]) {
      expect((await refusal(reviewContribution(db(), actor, { id: pending.id, status: 'approved' }))).message).toBe(FORBIDDEN)
    }
    await expect(reviewContribution(db(), null, { id: pending.id, status: 'approved' })).rejects.toBeInstanceOf(NotSignedInError)
    expect((await refusal(reviewContribution(db(), g.owner, { id: 999_999, status: 'approved' }))).message).toBe(NOT_FOUND)
    expect(await reviewContribution(db(), g.owner, { id: pending.id, status: 'rejected' })).toEqual({ status: 'rejected' })
    expect(await orderOf(db(), cid)).toEqual([])
    expect((await noticesOf(g.member.id)).map((n) => [n.title, n.content])).toEqual([['投稿未通过', '「组长」拒绝了你的投稿「待定」（小组「设计资源」）']])
    // An administrator's own link is not a contribution: nothing to review.
    const shown = await addGroupBookmark(db(), g.admin, cid, '直接')
    expect((await refusal(reviewContribution(db(), g.owner, { id: shown.id, status: 'approved' }))).message).toBe(ALREADY_REVIEWED)
  })

  test('a contributor appeals a removed link once; review-contribute restores it (at the end) or turns the appeal down', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const mine = await addGroupBookmark(db(), g.member, cid, '我的')
    await reviewContribution(db(), g.admin, { id: mine.id, status: 'approved' })
    const other = await addGroupBookmark(db(), g.admin, cid, '别的')
    expect((await refusal(appealBookmark(db(), g.member, mine.id))).message).toBe(CANNOT_APPEAL)
    await trashGroupBookmark(db(), g.admin, mine.id)
    expect((await noticesOf(g.member.id)).map((n) => n.title)).toContain('书签被删除')
    await trashGroupBookmark(db(), g.admin, other.id)
    expect((await refusal(appealBookmark(db(), g.member, other.id))).message).toBe(CANNOT_APPEAL)
    expect((await refusal(appealBookmark(db(), g.outsider, mine.id))).message).toBe(FORBIDDEN)

    await appealBookmark(db(), g.member, mine.id)
    expect((await refusal(appealBookmark(db(), g.member, mine.id))).message).toBe(ALREADY_APPEALED)
    expect((await noticesOf(g.owner.id)).map((n) => n.title)).toContain('新的申诉')
    expect((await bookmarkTrash(db(), g.admin, { groupId: g.groupId, page: 1, size: 5 })).list.map((b) => [b.name, b.appeal])).toEqual([
      ['我的', 'pending'],
      ['别的', ''],
    ])
    await addGroupBookmark(db(), g.admin, cid, '后来的')
    const both = await Promise.allSettled([
      reviewContribution(db(), g.admin, { id: mine.id, status: 'approved' }),
      reviewContribution(db(), g.owner, { id: mine.id, status: 'approved' }),
    ])
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await orderOf(db(), cid)).toEqual(['后来的', '我的'])
    expect((await noticesOf(g.member.id)).filter((n) => n.title === '申诉已通过')).toHaveLength(1)

    // Removed again and appealed again: turned down, it stays removed and cannot be appealed a third time.
    await trashGroupBookmark(db(), g.admin, mine.id)
    await appealBookmark(db(), g.member, mine.id)
    expect(await reviewContribution(db(), g.owner, { id: mine.id, status: 'rejected' })).toEqual({ status: 'rejected' })
    expect((await noticesOf(g.member.id)).map((n) => n.title)).toContain('申诉未通过')
    expect((await refusal(appealBookmark(db(), g.member, mine.id))).message).toBe(ALREADY_APPEALED)
    expect((await refusal(reviewContribution(db(), g.owner, { id: mine.id, status: 'approved' }))).message).toBe(ALREADY_REVIEWED)
    expect(await orderOf(db(), cid)).toEqual(['后来的'])
    // A contribution removed before review is not offered an appeal, and cannot be appealed.
    const waiting = await addGroupBookmark(db(), g.member, cid, '还在审')
    await trashGroupBookmark(db(), g.admin, waiting.id)
    expect((await noticesOf(g.member.id)).filter((n) => n.title === '投稿被删除').map((n) => n.content)).toEqual(['「管理员1」删除了你的投稿「还在审」（小组「设计资源」）'])
    expect((await refusal(appealBookmark(db(), g.member, waiting.id))).message).toBe(CANNOT_APPEAL)
  })
})

describe('a closed group', () => {
  test('outsiders, guests and applicants cannot read its categories, bookmarks, members or log, only its card', async () => {
    const g = await groupWith(db(), { isOpen: false })
    const cid = g.cids[0]!
    const shown = await addGroupBookmark(db(), g.admin, cid, '内部')
    const { user: applicant } = await createUser(db(), { nickname: '申请人' })
    await applyToJoin(db(), applicant, g.groupId)
    // Called one at a time: a refusal made before it is awaited would be an unhandled rejection.
    const reads = (actor: typeof applicant | null) => [
      () => listCategories(db(), actor, { groupId: g.groupId, ...page, status: 0 }),
      () => categoryDetail(db(), actor, cid),
      () => listBookmarks(db(), actor, { groupId: g.groupId, ...page }),
      () => bookmarkDetail(db(), actor, shown.id),
      () => searchGroupBookmarks(db(), actor, { groupId: g.groupId, wd: '内部', page: 1, size: 5 }),
      () => listGroupMembers(db(), actor, { groupId: g.groupId, ...page }),
      () => listGroupLog(db(), actor, { groupId: g.groupId, ...page }),
    ]
    for (const actor of [g.outsider, null, applicant]) {
      for (const read of reads(actor)) expect((await refusal(read())).message).toBe(GROUP_CLOSED)
      expect(await groupDetail(db(), actor, g.groupId)).toMatchObject({ name: '设计资源', isOpen: false, seesContent: false, memberAmount: 4, bookmarkAmount: 1 })
    }
    expect((await groupDetail(db(), applicant, g.groupId)).role).toBe('applicant')
    // Nor copy what they cannot see.
    const own = await createOwner(db(), ['收藏'])
    expect((await refusal(copyGroupBookmark(db(), own.user, { bookmarkId: shown.id, categoryId: own.bids[0]! }))).message).toBe(GROUP_CLOSED)
    // Its people can.
    for (const actor of [g.member, g.admin, g.owner]) {
      expect(names((await listBookmarks(db(), actor, { groupId: g.groupId, ...page })).list)).toEqual(['内部'])
      expect((await listGroupLog(db(), actor, { groupId: g.groupId, ...page })).total).toBeGreaterThan(0)
    }
  })
})

describe('copy and collect into one’s own category', () => {
  test('shown bookmarks go to the end of the user’s category; pending, removed and foreign ones do not', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const a = await addGroupBookmark(db(), g.admin, cid, '甲站')
    const b = await addGroupBookmark(db(), g.admin, cid, '乙站')
    const pending = await addGroupBookmark(db(), g.member, cid, '待审站')
    const removed = await addGroupBookmark(db(), g.admin, cid, '删掉站')
    await trashGroupBookmark(db(), g.admin, removed.id)
    const own = await createOwner(db(), ['收藏'])
    const bid = own.bids[0]!

    const copied = await copyGroupBookmark(db(), own.user, { bookmarkId: a.id, categoryId: bid })
    expect(copied.bookmark).toMatchObject({ name: '甲站', url: 'https://example.com/%E7%94%B2%E7%AB%99' })
    await collectGroupBookmarks(db(), own.user, { bagId: bid, ids: [b.id, a.id] })
    const mine = await db().select({ name: sources.name }).from(sources).where(eq(sources.bagId, bid)).orderBy(sources.sortKey)
    expect(mine.map((s) => s.name)).toEqual(['甲站', '乙站', '甲站'])
    for (const id of [pending.id, removed.id, 999_999]) {
      expect((await refusal(collectGroupBookmarks(db(), own.user, { bagId: bid, ids: [a.id, id] }))).message).toBe(NOT_FOUND)
    }
    // Into someone else's category: refused, as any write there is.
    const stranger = await createOwner(db(), ['别人的'])
    await expect(copyGroupBookmark(db(), own.user, { bookmarkId: a.id, categoryId: stranger.bids[0]! })).rejects.toThrow()
    await expect(copyGroupBookmark(db(), null, { bookmarkId: a.id, categoryId: bid })).rejects.toBeInstanceOf(NotSignedInError)
    // A trashed category's bookmarks are not shown, so not copied.
    await trashCategory(db(), g.owner, cid)
    expect((await refusal(copyGroupBookmark(db(), own.user, { bookmarkId: b.id, categoryId: bid }))).message).toBe(NOT_FOUND)
    expect(await db().select().from(sources).where(eq(sources.bagId, bid))).toHaveLength(3)
  })

  test('the user’s category holds at most 100: a collect past it adds nothing', async () => {
    const g = await groupWith(db())
    const cid = g.cids[0]!
    const [x, y] = [await addGroupBookmark(db(), g.admin, cid, 'x'), await addGroupBookmark(db(), g.admin, cid, 'y')]
    const own = await createOwner(db(), ['满的'])
    const bid = own.bids[0]!
    await db()
      .insert(sources)
      .values(Array.from({ length: 99 }, (_, i) => ({ homepageId: own.homepageId, bagId: bid, name: `已有${i}`, url: 'https://example.com/', sortKey: i })))
    const inBag = async () => (await db().select({ id: sources.id }).from(sources).where(and(eq(sources.bagId, bid), sql`${sources.deletedAt} is null`))).length
    expect((await refusal(collectGroupBookmarks(db(), own.user, { bagId: bid, ids: [x.id, y.id] }))).message).toBe('最多添加100个书签')
    expect(await inBag()).toBe(99)
    await copyGroupBookmark(db(), own.user, { bookmarkId: x.id, categoryId: bid })
    expect(await inBag()).toBe(100)
    expect((await refusal(copyGroupBookmark(db(), own.user, { bookmarkId: y.id, categoryId: bid }))).message).toBe('最多添加100个书签')
    expect(await inBag()).toBe(100)
    expect(await db().select().from(sources).where(and(eq(sources.bagId, bid), inArray(sources.name, ['y'])))).toEqual([])
  })
})

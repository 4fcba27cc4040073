import { beforeAll, describe, expect, inject, test } from 'vitest'
import { API_CALLS } from '#app/api/calls.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'
import { applicationOf, GROUP_CLOSED, joinByCode, newBookmark, newCategory, newGroup, NOT_FOUND, ownCategory } from './group-helpers.ts'

/**
 * Groups over HTTP (issue 24; docs/api.md §29), against the built server: a closed group from its
 * creation through categories, an administrator's bookmark, an invite code, a member's
 * contribution and its review, applications, removal and appeal, copying into one's own
 * homepage, search, the three trashes, stars, quitting, removing and promoting people, the log
 * and the notice count. Then invalid input (code 0, the Chinese message, nothing changed) and
 * guests (HTTP 403 on every write). Who may do what, role by role: tests/http/group-role-matrix.test.ts.
 */

const baseUrl = inject('baseUrl')
type User = Awaited<ReturnType<typeof signUp>>

let owner: User
let member: User
let groupId: number
let catA: number
let catB: number

const names = (list: Array<{ name?: string; title?: string }>) => list.map((x) => x.name ?? x.title)
const bookmarksOf = async (client: Client, query: Record<string, string | number> = {}) =>
  (await ok(get(client, '/api/group/bookmark', { groupId, size: 100, ...query }))).list as Array<{ id: number; name: string; status: string; cid: number; sort: number }>
const answer = async (call: Promise<{ status: number; body: { code: number; msg: string; data: any } }>) => {
  const { status, body } = await call
  return { status, code: body.code, msg: body.msg }
}

beforeAll(async () => {
  owner = await signUp(baseUrl, '组长')
  member = await signUp(baseUrl, '组员')
}, 60_000)

describe('a closed group, start to end', () => {
  test('the owner creates it, adds and orders categories, and adds a bookmark that shows at once', async () => {
    const created = await post(owner.client, '/api/group/add', { name: '设计资源', summary: '好用的设计网站', icon: 'tabler:palette', isOpen: 0 })
    expect(created.body).toMatchObject({ code: 1, msg: '保存成功' })
    groupId = created.body.data.id
    const detail = await ok(get(owner.client, '/api/group/detail', { groupId }))
    expect(detail).toMatchObject({ id: groupId, name: '设计资源', summary: '好用的设计网站', isOpen: false, role: 'owner', seesContent: true, isStar: false, memberAmount: 1, bookmarkAmount: 0, indexMode: 'category' })

    const a = await post(owner.client, '/api/group/add-category', { groupId, title: '配色', icon: 'tabler:palette' })
    expect(a.body).toMatchObject({ code: 1, msg: '保存成功', data: { title: '配色', sort: 1 } })
    catA = a.body.data.id
    catB = await newCategory(owner.client, groupId, '字体')
    expect(await ok(get(owner.client, '/api/group/category-detail', { cid: catB }))).toMatchObject({ id: catB, cid: catB, groupId, title: '字体', sort: 2 })
    expect((await post(owner.client, '/api/group/sort-category', { sort: [catB, catA] })).body).toMatchObject({ code: 1, msg: '排序已保存' })
    expect(names((await ok(get(owner.client, '/api/group/category', { groupId }))).list)).toEqual(['字体', '配色'])
    // Renamed, in place.
    await ok(post(owner.client, '/api/group/add-category', { id: catB, groupId, title: '字体库', icon: 'tabler:typography' }))
    expect(names((await ok(get(owner.client, '/api/group/category', { groupId }))).list)).toEqual(['字体库', '配色'])

    const added = await post(owner.client, '/api/group/add-bookmark', { cid: catA, name: '配色灵感', url: 'https://colors.example/', note: '调色板' })
    expect(added.body).toMatchObject({ code: 1, msg: '添加成功', data: { name: '配色灵感', status: 'approved', cid: catA, contributor: '组长' } })
    expect(names(await bookmarksOf(owner.client, { categoryId: catA }))).toEqual(['配色灵感'])
    expect(await ok(get(owner.client, '/api/group/bookmark-detail', { bookmarkId: added.body.data.id }))).toMatchObject({ url: 'https://colors.example/', note: '调色板' })
    expect(await ok(get(owner.client, '/api/group/create-list'))).toMatchObject({ total: 1, list: [{ id: groupId, name: '设计资源', creator: '组长', isOpen: false }] })
  })

  test('outsiders see the card, not the content; an invite code lets one in', async () => {
    expect(await answer(get(member.client, '/api/group/bookmark', { groupId }))).toEqual({ status: 200, code: 0, msg: GROUP_CLOSED })
    expect(await answer(get(createClient(baseUrl), '/api/group/members', { groupId }))).toEqual({ status: 200, code: 0, msg: GROUP_CLOSED })
    expect(await ok(get(member.client, '/api/group/detail', { groupId }))).toMatchObject({ name: '设计资源', role: 'outsider', seesContent: false })

    const generated = await post(owner.client, '/api/group/generate-invite-code', { groupId })
    expect(generated.body).toMatchObject({ code: 1, msg: '邀请码已生成', data: { state: 1 } })
    const { code, url } = generated.body.data
    expect(url).toBe(`/group/invite?code=${code}`)
    expect(await ok(get(owner.client, '/api/group/get-invite-code', { groupId }))).toMatchObject({ code, state: 1 })
    expect(await ok(get(member.client, '/api/group/get-code-info', { code }))).toMatchObject({ id: groupId, name: '设计资源', role: 'outsider' })
    expect(await answer(get(member.client, '/api/group/get-code-info', { code: 'not-a-code' }))).toEqual({ status: 200, code: 0, msg: '邀请码无效或已失效' })

    // Switched off, the code is refused; on again, it works.
    expect((await post(owner.client, '/api/group/set-invite-state', { groupId })).body).toMatchObject({ code: 1, msg: '邀请码已关闭', data: { state: 0 } })
    expect((await post(member.client, '/api/group/join-group', { code })).body).toMatchObject({ code: 0, msg: '邀请码无效或已失效' })
    expect((await post(owner.client, '/api/group/set-invite-state', { groupId })).body).toMatchObject({ code: 1, msg: '邀请码已开启' })

    expect((await post(member.client, '/api/group/join-group', { code })).body).toMatchObject({ code: 1, msg: '已加入小组', data: { groupId } })
    expect((await post(member.client, '/api/group/join-group', { code })).body).toMatchObject({ code: 1, msg: '你已是该小组成员' })
    expect(await ok(get(member.client, '/api/group/apply-status', { groupId }))).toEqual({ status: 'member' })
    expect(names(await bookmarksOf(member.client))).toEqual(['配色灵感'])
    expect((await ok(get(member.client, '/api/group/join-list'))).list.map((g: { id: number }) => g.id)).toEqual([groupId])

    // Deleted, the code is gone: get-invite-code answers none, and it is refused.
    expect((await post(owner.client, '/api/group/delete-invite-code', { groupId })).body).toMatchObject({ code: 1, msg: '邀请码已删除', data: { code: '', state: 0 } })
    expect(await ok(get(owner.client, '/api/group/get-invite-code', { groupId }))).toMatchObject({ code: '' })
    expect((await post(member.client, '/api/group/join-group', { code })).body.msg).toBe('邀请码无效或已失效')
  })

  test('a member’s bookmark waits for review; approved it shows; reviewed twice it is refused', async () => {
    const contributed = await post(member.client, '/api/group/add-bookmark', { cid: catB, name: '思源黑体', url: 'https://fonts.example/', note: '' })
    expect(contributed.body).toMatchObject({ code: 1, msg: '投稿成功，管理员审核通过后显示', data: { status: 'pending', contributor: '组员' } })
    const id = contributed.body.data.id as number
    expect(names(await bookmarksOf(owner.client, { categoryId: catB }))).toEqual([])
    expect((await bookmarksOf(owner.client, { status: 'pending' })).map((b) => b.id)).toEqual([id])
    expect((await bookmarksOf(member.client, { status: 'pending' })).map((b) => b.id)).toEqual([id])
    // The owner hears of it.
    expect((await ok(get(owner.client, '/api/group/group-notice-amount'))).groupAmount).toBeGreaterThanOrEqual(1)
    expect((await ok(get(member.client, '/api/group/contribute-list'))).list.map((g: { id: number }) => g.id)).toEqual([groupId])

    expect((await post(owner.client, '/api/group/review-contribute', { id, status: 1 })).body).toMatchObject({ code: 1, msg: '审核完成', data: { status: 'approved' } })
    expect(names(await bookmarksOf(member.client, { categoryId: catB }))).toEqual(['思源黑体'])
    expect((await post(owner.client, '/api/group/review-contribute', { id, status: 2 })).body).toMatchObject({ code: 0, msg: '该投稿已处理' })
    expect((await bookmarksOf(owner.client, { categoryId: catB }))[0]).toMatchObject({ id, status: 'approved' })

    // Turned down, a contribution leaves the order and is not decided again either.
    const other = await newBookmark(member.client, catB, '被拒的投稿')
    expect((await ok(post(owner.client, '/api/group/review-contribute', { id: other, status: 'reject' }))).status).toBe('rejected')
    expect(names(await bookmarksOf(owner.client, { categoryId: catB }))).toEqual(['思源黑体'])
    expect((await post(owner.client, '/api/group/review-contribute', { id: other, status: 1 })).body.msg).toBe('该投稿已处理')
    // The member may not review, nor edit what is shown.
    const again = await newBookmark(member.client, catB, '自审')
    expect((await post(member.client, '/api/group/review-contribute', { id: again, status: 1 })).body).toMatchObject({ code: 0, msg: '您没有权限执行此操作' })
    expect((await bookmarksOf(owner.client, { status: 'pending' })).map((b) => b.id)).toEqual([again])
  })

  test('applications: apply, status, the reviewers’ list, approved and turned down, each once', async () => {
    const applicant = await signUp(baseUrl, '申请人')
    const applied = await post(applicant.client, '/api/group/apply-join', { groupId })
    expect(applied.body).toMatchObject({ code: 1, msg: '申请已提交，请等待管理员审核', data: { status: 'pending' } })
    expect((await post(applicant.client, '/api/group/apply-join', { groupId })).body).toMatchObject({ code: 1, msg: '已提交申请，请等待管理员审核' })
    expect(await ok(get(applicant.client, '/api/group/apply-status', { groupId }))).toEqual({ status: 'pending' })
    expect(await ok(get(applicant.client, '/api/group/detail', { groupId }))).toMatchObject({ role: 'applicant', seesContent: false })
    expect((await get(applicant.client, '/api/group/bookmark', { groupId })).body.msg).toBe(GROUP_CLOSED)

    const list = await ok(get(owner.client, '/api/group/apply-list'))
    expect(list.list).toEqual([expect.objectContaining({ groupId, groupName: '设计资源', uid: applicant.userId, nickname: '申请人' })])
    // Only reviewers see applications; a member's list is empty.
    expect((await ok(get(member.client, '/api/group/apply-list'))).total).toBe(0)
    const applyId = list.list[0].id
    expect((await post(member.client, '/api/group/review-apply', { id: applyId, status: 1 })).body.msg).toBe('您没有权限执行此操作')
    expect((await post(owner.client, '/api/group/review-apply', { id: applyId, status: 1 })).body).toMatchObject({ code: 1, msg: '审核完成', data: { status: 'approved' } })
    expect((await post(owner.client, '/api/group/review-apply', { id: applyId, status: 2 })).body).toMatchObject({ code: 0, msg: '该申请已处理' })
    expect(await ok(get(applicant.client, '/api/group/apply-status', { groupId }))).toEqual({ status: 'member' })
    expect(names(await bookmarksOf(applicant.client, { categoryId: catA }))).toEqual(['配色灵感'])

    const turnedDown = await signUp(baseUrl, '被拒的人')
    await ok(post(turnedDown.client, '/api/group/apply-join', { groupId }))
    expect((await ok(post(owner.client, '/api/group/review-apply', { id: await applicationOf(owner.client, turnedDown.userId), status: 2 }))).status).toBe('rejected')
    expect(await ok(get(turnedDown.client, '/api/group/apply-status', { groupId }))).toEqual({ status: 'rejected' })
    expect(await ok(get(owner.client, '/api/group/apply-status', { groupId }))).toEqual({ status: 'owner' })
    expect((await ok(get(owner.client, '/api/group/members', { groupId }))).total).toBe(3)
  })

  test('a removed contribution: the bookmark trash, one appeal, the appeal decided by review-contribute', async () => {
    const [shown] = await bookmarksOf(owner.client, { categoryId: catB })
    const removed = await post(owner.client, '/api/group/delete-bookmark', { id: shown!.id })
    expect(removed.body).toMatchObject({ code: 1, msg: '删除成功！您可以在书签回收站中恢复' })
    expect(names(await bookmarksOf(member.client, { categoryId: catB }))).toEqual([])
    expect((await ok(get(owner.client, '/api/group/bookmark-trash', { groupId }))).list).toEqual([expect.objectContaining({ id: shown!.id, appeal: '' })])
    expect((await get(member.client, '/api/group/bookmark-trash', { groupId })).body.msg).toBe('您没有权限执行此操作')

    // The owner's own bookmark is not the member's to appeal.
    const ownerLink = (await bookmarksOf(owner.client, { categoryId: catA }))[0]!.id
    await ok(post(owner.client, '/api/group/delete-bookmark', { id: ownerLink }))
    expect((await post(member.client, '/api/group/appeal', { bookmarkId: ownerLink })).body).toMatchObject({ code: 0, msg: '只能申诉被管理员删除的本人投稿' })
    expect((await post(owner.client, '/api/group/restore-bookmark', { id: ownerLink })).body).toMatchObject({ code: 1, msg: '恢复成功' })

    expect((await post(member.client, '/api/group/appeal', { bookmarkId: shown!.id })).body).toMatchObject({ code: 1, msg: '申诉已提交，请等待管理员处理' })
    expect((await post(member.client, '/api/group/appeal', { bookmarkId: shown!.id })).body).toMatchObject({ code: 0, msg: '已提交过申诉' })
    expect((await ok(get(owner.client, '/api/group/bookmark-trash', { groupId }))).list[0]).toMatchObject({ id: shown!.id, appeal: 'pending' })
    expect((await post(owner.client, '/api/group/review-contribute', { id: shown!.id, status: 1 })).body).toMatchObject({ code: 1, msg: '审核完成', data: { status: 'approved' } })
    expect(names(await bookmarksOf(member.client, { categoryId: catB }))).toEqual(['思源黑体'])
    expect((await ok(get(owner.client, '/api/group/bookmark-trash', { groupId }))).total).toBe(0)

    // Removed again and appealed again: turned down, it stays in the trash.
    await ok(post(owner.client, '/api/group/delete-bookmark', { id: shown!.id }))
    await ok(post(member.client, '/api/group/appeal', { bookmarkId: shown!.id }))
    expect((await ok(post(owner.client, '/api/group/review-contribute', { id: shown!.id, status: 2 }))).status).toBe('rejected')
    expect((await ok(get(owner.client, '/api/group/bookmark-trash', { groupId }))).list[0]).toMatchObject({ id: shown!.id, appeal: 'rejected' })
    await ok(post(owner.client, '/api/group/restore-bookmark', { id: shown!.id }))
    expect(names(await bookmarksOf(owner.client, { categoryId: catB }))).toEqual(['思源黑体'])
  })

  test('moving bookmarks: up and down in a category, to another category', async () => {
    const second = await newBookmark(owner.client, catA, '第二个')
    expect(names(await bookmarksOf(owner.client, { categoryId: catA }))).toEqual(['配色灵感', '第二个'])
    expect((await post(owner.client, '/api/group/move-bookmark', { id: second, cmd: 'up' })).body).toMatchObject({ code: 1, msg: '移动成功' })
    expect(names(await bookmarksOf(owner.client, { categoryId: catA }))).toEqual(['第二个', '配色灵感'])
    await ok(post(owner.client, '/api/group/move-bookmark', { id: second, cmd: 'down' }))
    expect(names(await bookmarksOf(owner.client, { categoryId: catA }))).toEqual(['配色灵感', '第二个'])
    await ok(post(owner.client, '/api/group/move-bookmark', { id: second, targetCid: catB, cmd: 'move' }))
    expect(names(await bookmarksOf(owner.client, { categoryId: catB }))).toEqual(['思源黑体', '第二个'])
    expect((await bookmarksOf(owner.client, { categoryId: catA })).map((b) => b.sort)).toEqual([1])
    // An administrator edits a bookmark: a new name, in place.
    expect((await post(owner.client, '/api/group/add-bookmark', { id: second, cid: catB, name: '改过的', url: 'https://edited.example/' })).body).toMatchObject({ code: 1, msg: '保存成功', data: { name: '改过的' } })
  })

  test('copy-bookmark and collect put shown bookmarks into the caller’s own category', async () => {
    const bid = await ownCategory(member.client, member.homepageId)
    const shown = await bookmarksOf(member.client)
    const copied = await post(member.client, '/api/group/copy-bookmark', { bsId: shown[0]!.id, categoryId: bid })
    expect(copied.body).toMatchObject({ code: 1, msg: '已添加到我的分类' })
    const collected = await post(member.client, '/api/group/collect', { bid, ids: shown.map((b) => b.id).join(',') })
    expect(collected.body).toMatchObject({ code: 1, msg: '已添加到我的分类' })
    expect(collected.body.data).toHaveLength(shown.length)
    const mine = (await ok(get(member.client, '/api/bookmark/list', { bid, size: 100 }))).list as Array<{ name: string }>
    // The first one twice (copied, then collected with the others), each other once.
    for (const [i, b] of shown.entries()) expect(mine.filter((x) => x.name === b.name), b.name).toHaveLength(i === 0 ? 2 : 1)
    // Into someone else's category: refused, nothing copied there.
    const ownerBid = await ownCategory(owner.client, owner.homepageId)
    const before = (await ok(get(owner.client, '/api/bookmark/list', { bid: ownerBid, size: 100 }))).list
    expect((await post(member.client, '/api/group/copy-bookmark', { bsId: shown[0]!.id, categoryId: ownerBid })).body.code).toBe(0)
    expect((await ok(get(owner.client, '/api/bookmark/list', { bid: ownerBid, size: 100 }))).list).toEqual(before)
    // A pending contribution is not there to copy.
    const pending = (await bookmarksOf(owner.client, { status: 'pending' }))[0]!.id
    expect((await post(member.client, '/api/group/copy-bookmark', { bsId: pending, categoryId: bid })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
  })

  test('search-bookmark finds shown bookmarks by name, address or note, 5 a page', async () => {
    for (let i = 0; i < 6; i++) await newBookmark(owner.client, catA, `搜索目标${i}`)
    const page1 = await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: '搜索目标' }))
    expect(page1.total).toBe(6)
    expect(page1.list).toHaveLength(5)
    expect((await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: '搜索目标', page: 2 }))).list).toHaveLength(1)
    expect(names((await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: 'colors.example' }))).list)).toEqual(['配色灵感'])
    expect(names((await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: '调色板' }))).list)).toEqual(['配色灵感'])
    // Pending contributions are not found.
    expect((await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: '自审' }))).total).toBe(0)
    expect(await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: '  ' }))).toEqual({ list: [], total: 0 })
  })

  test('the category trash and the group trash: removed, listed, restored', async () => {
    const inA = (await bookmarksOf(owner.client, { categoryId: catA }))[0]!.id
    const removed = await post(owner.client, '/api/group/delete-category', { cid: catA })
    expect(removed.body).toMatchObject({ code: 1, msg: '删除成功！您可以在分类回收站中恢复' })
    expect(names((await ok(get(owner.client, '/api/group/category', { groupId }))).list)).toEqual(['字体库'])
    expect(names((await ok(get(owner.client, '/api/group/category', { groupId, status: 1 }))).list)).toEqual(['配色'])
    expect((await get(member.client, '/api/group/category', { groupId, status: 1 })).body.msg).toBe('您没有权限执行此操作')
    // Its bookmarks go with it: not listed, not found, not copied.
    expect((await bookmarksOf(member.client)).some((b) => b.cid === catA)).toBe(false)
    expect((await ok(get(member.client, '/api/group/search-bookmark', { groupId, wd: '搜索目标' }))).total).toBe(0)
    const bid = await ownCategory(member.client, member.homepageId)
    expect((await post(member.client, '/api/group/copy-bookmark', { bsId: inA, categoryId: bid })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    expect((await post(owner.client, '/api/group/restore-category', { cid: catA })).body).toMatchObject({ code: 1, msg: '恢复成功' })
    expect(names((await ok(get(owner.client, '/api/group/category', { groupId }))).list)).toEqual(['字体库', '配色'])
    expect((await bookmarksOf(member.client)).some((b) => b.cid === catA)).toBe(true)

    expect((await post(member.client, '/api/group/delete', { id: groupId })).body.msg).toBe('您没有权限执行此操作')
    expect((await post(owner.client, '/api/group/delete', { id: groupId })).body).toMatchObject({ code: 1, msg: '删除成功！您可以在小组回收站中恢复' })
    expect((await get(member.client, '/api/group/detail', { groupId })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    expect((await ok(get(member.client, '/api/group/join-list'))).total).toBe(0)
    expect((await ok(get(owner.client, '/api/group/trash-list'))).list).toEqual([expect.objectContaining({ id: groupId, deleteTime: expect.any(String) })])
    expect((await post(member.client, '/api/group/restore-group', { groupId })).body.msg).toBe('您没有权限执行此操作')
    expect((await post(owner.client, '/api/group/restore-group', { groupId })).body).toMatchObject({ code: 1, msg: '恢复成功' })
    expect((await ok(get(owner.client, '/api/group/trash-list'))).total).toBe(0)
    expect(await ok(get(member.client, '/api/group/detail', { groupId }))).toMatchObject({ role: 'member' })
  })

  test('the owner’s settings: banner, index mode', async () => {
    expect((await post(owner.client, '/api/group/save-banner-params', { groupId, key: 'slogan', value: '一起收集' })).body).toMatchObject({ code: 1, msg: '保存成功', data: { banner: { slogan: '一起收集' } } })
    await ok(post(owner.client, '/api/group/save-banner-params', { groupId, key: 'color', value: '#336699' }))
    expect((await post(owner.client, '/api/group/change-index-mode', { groupId })).body).toMatchObject({ code: 1, msg: '首页模式已切换', data: { indexMode: 'all' } })
    expect(await ok(get(member.client, '/api/group/detail', { groupId }))).toMatchObject({ indexMode: 'all', banner: { slogan: '一起收集', color: '#336699' } })
    expect((await post(member.client, '/api/group/change-index-mode', { groupId })).body.msg).toBe('您没有权限执行此操作')
  })

  test('people: star, promote, remove, quit', async () => {
    const outsider = await signUp(baseUrl, '路人')
    // Anyone signed in may keep a closed group in 我的收藏 (its card only).
    expect((await post(outsider.client, '/api/group/mark-star', { groupId })).body).toMatchObject({ code: 1, msg: '收藏成功', data: { isStar: true } })
    expect((await ok(get(outsider.client, '/api/group/star-list'))).list.map((g: { id: number }) => g.id)).toEqual([groupId])
    expect((await post(outsider.client, '/api/group/mark-star', { groupId })).body).toMatchObject({ code: 1, msg: '已取消收藏', data: { isStar: false } })
    expect((await ok(get(outsider.client, '/api/group/star-list'))).total).toBe(0)

    // The member becomes an administrator, and back.
    const promoted = await post(owner.client, '/api/group/set-member-permission', { groupId, userId: member.userId })
    expect(promoted.body).toMatchObject({ code: 1, msg: '设置成功', data: { uid: member.userId, permission: 'admin' } })
    expect((await ok(get(owner.client, '/api/group/members', { groupId }))).list[0]).toMatchObject({ uid: member.userId, permission: 'admin' })
    expect(await ok(get(member.client, '/api/group/get-invite-code', { groupId }))).toMatchObject({ code: '' })
    expect((await ok(post(owner.client, '/api/group/set-member-permission', { groupId, userId: member.userId }))).permission).toBe('member')
    expect((await post(owner.client, '/api/group/set-member-permission', { groupId, userId: owner.userId })).body.msg).toBe('小组创建者不能被移除或修改')
    expect((await post(owner.client, '/api/group/set-member-permission', { groupId, userId: outsider.userId })).body.msg).toBe('该用户不是小组成员')

    // Removed by the owner, a member sees the content no more.
    const leaving = await signUp(baseUrl, '被移除的人')
    await joinByCode(owner.client, leaving.client, groupId)
    expect((await post(owner.client, '/api/group/remove-member', { groupId, userId: leaving.userId })).body).toMatchObject({ code: 1, msg: '移除成功' })
    expect((await get(leaving.client, '/api/group/bookmark', { groupId })).body.msg).toBe(GROUP_CLOSED)
    expect((await post(owner.client, '/api/group/remove-member', { groupId, userId: owner.userId })).body.msg).toBe('您没有权限执行此操作')

    // Quitting: quit-group, or remove-member with one's own id; the owner cannot quit.
    const quitter = await signUp(baseUrl, '退出的人')
    await joinByCode(owner.client, quitter.client, groupId)
    expect((await post(quitter.client, '/api/group/quit-group', { groupId })).body).toMatchObject({ code: 1, msg: '已退出小组' })
    expect(await ok(get(quitter.client, '/api/group/apply-status', { groupId }))).toEqual({ status: 'none' })
    await joinByCode(owner.client, quitter.client, groupId)
    expect((await post(quitter.client, '/api/group/remove-member', { groupId, userId: quitter.userId })).body).toMatchObject({ code: 1, msg: '已退出小组' })
    expect((await post(owner.client, '/api/group/quit-group', { groupId })).body.msg).toBe('您没有权限执行此操作')
  })

  test('the log says who did what, newest first; the notice count; lists of open groups', async () => {
    const log = await ok(get(member.client, '/api/group/group-log-list', { groupId, size: 100 }))
    const lines = (log.list as Array<{ nickname: string; text: string; subject: string }>).map((l) => `${l.nickname}${l.text}${l.subject}`)
    expect(lines.at(-1)).toBe('组长创建了小组设计资源')
    for (const line of ['组员投稿了书签思源黑体', '组长通过了投稿思源黑体', '组员申诉了被删除的书签思源黑体', '组长恢复了小组设计资源', '组长设为管理员组员', '退出的人退出了小组退出的人'])
      expect(lines).toContain(line)
    expect(log.total).toBeGreaterThan(40)
    expect((await get(createClient(baseUrl), '/api/group/group-log-list', { groupId })).status).toBe(403)

    // The member was told of the approval, removal, appeal decisions and promotion.
    const amount = await ok(post(member.client, '/api/group/group-notice-amount', {}))
    expect(amount.groupAmount).toBeGreaterThanOrEqual(4)
    expect(amount.total).toBeGreaterThanOrEqual(amount.groupAmount)
    const guest = createClient(baseUrl)
    expect(await ok(get(guest, '/api/group/group-notice-amount'))).toEqual({ total: 0, groupAmount: 0 })
    expect(await ok(post(guest, '/api/group/group-notice-amount'))).toEqual({ total: 0, groupAmount: 0 })

    // An open group is on the recommend list, for guests too; a closed one never.
    const open = await newGroup(owner.client, { isOpen: true, name: '开放小组' })
    const recommended = (await ok(get(guest, '/api/group/recommend-list', { size: 100 }))).list.map((g: { id: number }) => g.id)
    expect(recommended).toContain(open)
    expect(recommended).not.toContain(groupId)
    const openCat = await newCategory(owner.client, open)
    await newBookmark(owner.client, openCat, '公开的书签')
    expect(names((await ok(get(guest, '/api/group/bookmark', { groupId: open }))).list)).toEqual(['公开的书签'])
    // An open group is joined at once.
    const joiner = await signUp(baseUrl, '直接加入')
    expect((await post(joiner.client, '/api/group/apply-join', { groupId: open })).body).toMatchObject({ code: 1, msg: '已加入小组', data: { status: 'member' } })
  })
})

describe('invalid input: code 0, the Chinese message, nothing changed', () => {
  /** What the owner sees of the group and their lists, as one string. */
  async function state() {
    const parts = await Promise.all([
      ok(get(owner.client, '/api/group/detail', { groupId })),
      ok(get(owner.client, '/api/group/category', { groupId, size: 100 })),
      ok(get(owner.client, '/api/group/bookmark', { groupId, size: 100 })),
      ok(get(owner.client, '/api/group/bookmark', { groupId, size: 100, status: 'pending' })),
      ok(get(owner.client, '/api/group/create-list', { size: 100 })),
      ok(get(owner.client, '/api/group/group-log-list', { groupId, size: 5 })),
    ])
    return JSON.stringify(parts)
  }

  const CASES: Array<[string, () => Record<string, unknown>, string]> = [
    ['/api/group/add', () => ({ name: '', icon: 'tabler:users' }), '请输入小组名称'],
    ['/api/group/add', () => ({ name: '名'.repeat(21), icon: 'tabler:users' }), '小组名称不能超过20个字'],
    ['/api/group/add', () => ({ name: '没有图标' }), '请选择图标'],
    ['/api/group/add', () => ({ id: groupId, name: '', icon: 'tabler:users' }), '请输入小组名称'],
    ['/api/group/add', () => ({ name: '小组', summary: '简'.repeat(201), icon: 'tabler:users' }), '小组简介不能超过200个字'],
    ['/api/group/add-category', () => ({ groupId, title: ' ' }), '请输入分类名称'],
    ['/api/group/add-category', () => ({ groupId, title: '类'.repeat(21) }), '分类名称不能超过20个字'],
    ['/api/group/add-category', () => ({ title: '没有小组' }), NOT_FOUND],
    ['/api/group/add-bookmark', () => ({ cid: catA, name: '', url: 'https://a.example/' }), '请输入网站名称'],
    ['/api/group/add-bookmark', () => ({ cid: catA, name: '坏链接', url: 'javascript:alert(1)' }), '请输入http或https开头的链接'],
    ['/api/group/add-bookmark', () => ({ cid: catA, name: '没有链接' }), '请输入网站链接URL'],
    ['/api/group/add-bookmark', () => ({ cid: catA, name: '备注太长', url: 'https://a.example/', note: '注'.repeat(101) }), '备注的长度不能超过100个字'],
    ['/api/group/add-bookmark', () => ({ cid: 999_999, name: '没有分类', url: 'https://a.example/' }), NOT_FOUND],
    ['/api/group/review-contribute', () => ({ id: 1, status: 3 }), '请选择审核结果'],
    ['/api/group/review-apply', () => ({ id: 1, status: 'maybe' }), '请选择审核结果'],
    ['/api/group/save-banner-params', () => ({ groupId, key: 'script', value: 'x' }), '参数错误'],
    ['/api/group/save-banner-params', () => ({ groupId, key: 'color', value: 'red' }), '请选择正确的颜色'],
    ['/api/group/save-banner-params', () => ({ groupId, key: 'image', value: 'https://evil.example/a.png' }), '请上传图片'],
    ['/api/group/save-banner-params', () => ({ groupId, key: 'slogan', value: '标'.repeat(51) }), '标语不能超过50个字'],
    ['/api/group/sort-category', () => ({ sort: [] }), NOT_FOUND],
    ['/api/group/sort-category', () => ({ sort: [catA] }), '分类已变化，请刷新后重试'],
    ['/api/group/join-group', () => ({ code: 'x'.repeat(43) }), '邀请码无效或已失效'],
    ['/api/group/delete', () => ({ id: 'abc' }), NOT_FOUND],
    ['/api/group/move-bookmark', () => ({ id: -1, cmd: 'up' }), NOT_FOUND],
    ['/api/group/collect', () => ({ bid: 1, ids: '' }), NOT_FOUND],
  ]

  test.each(CASES)('%s %j → %s', async (path, body, msg) => {
    const before = await state()
    const { status, body: answer } = await post(owner.client, path, body())
    expect([status, answer.code, answer.msg]).toEqual([200, 0, msg])
    expect(await state()).toBe(before)
  })
})

describe('guests', () => {
  const WRITES = [...API_CALLS].filter(([path, call]) => path.startsWith('group/') && call.action !== getOnly).map(([path]) => `/api/${path}`)

  test('every group write answers a guest HTTP 403 请先登录 and changes nothing (the notice count answers zeros)', async () => {
    expect(WRITES.length).toBeGreaterThan(25)
    const guest = createClient(baseUrl)
    const before = JSON.stringify(await ok(get(owner.client, '/api/group/detail', { groupId })))
    const body = { id: groupId, groupId, cid: catA, bookmarkId: 1, userId: member.userId, name: '访客', title: '访客', url: 'https://a.example/', icon: 'tabler:users', sort: [catA, catB], code: 'x', status: 1, key: 'slogan', value: '访客', bid: 1, ids: [1], bsId: 1, categoryId: 1 }
    for (const path of WRITES) {
      const { status, body: answer } = await post(guest, path, body)
      if (path === '/api/group/group-notice-amount') expect(answer).toEqual({ code: 1, msg: '操作成功', data: { total: 0, groupAmount: 0 } })
      else expect([path, status, answer], path).toEqual([path, 403, { code: -1, msg: '请先登录', data: null }])
    }
    expect(JSON.stringify(await ok(get(owner.client, '/api/group/detail', { groupId })))).toBe(before)
  })

  test('the reads of a signed-in user’s own lists answer a guest 403', async () => {
    for (const path of ['create-list', 'join-list', 'contribute-list', 'star-list', 'trash-list', 'apply-list'])
      expect((await get(createClient(baseUrl), `/api/group/${path}`)).status, path).toBe(403)
    expect((await get(createClient(baseUrl), '/api/group/apply-status', { groupId })).status).toBe(403)
    expect((await get(createClient(baseUrl), '/api/group/get-invite-code', { groupId })).status).toBe(403)
  })
})


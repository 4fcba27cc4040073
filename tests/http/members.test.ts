import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const FORBIDDEN = '您没有权限执行此操作'

/** An owner with a second, open homepage `code` holding one category. */
async function ownerWithOpenHomepage(code: string) {
  const owner = await signUp(baseUrl, '主人')
  const page = await ok(post(owner.client, '/api/homepage/add', { title: '共享主页', icon: 'tabler:home', code }))
  expect((await post(owner.client, '/api/homepage/set-open-status', { homepageId: page.id })).body).toMatchObject({ code: 1, msg: '主页已公开！' })
  const bid = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: page.id })))[0].children[0].value as number
  return { ...owner, homepageId: page.id as number, bid }
}

test('invite → join → manager → member → removed: each step changes what the user may do, at once', async () => {
  const owner = await ownerWithOpenHomepage(`team-${Date.now().toString(36)}`)
  const joiner = await signUp(baseUrl, '成员')
  const { homepageId, bid } = owner

  expect(await ok(get(owner.client, '/api/homepage/invite-code', { homepageId }))).toMatchObject({ code: '', url: '' })
  // Reading never makes a link, whatever the type says.
  expect(await ok(get(owner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' }))).toMatchObject({ code: '' })
  const link = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' }))
  expect(link.code).toMatch(/^[\w-]{43}$/)
  expect(link.url).toBe(`/invite?code=${link.code}`)
  expect(await ok(get(owner.client, '/api/homepage/invite-code', { homepageId }))).toEqual(link)
  // Only the owner sees or makes links.
  expect((await post(joiner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' })).body.msg).toBe(FORBIDDEN)

  expect(await ok(get(joiner.client, '/api/homepage/invite-detail', { code: link.code }))).toMatchObject({ homepageId, name: '共享主页', memberAmount: 0, memberRole: 'visitor' })
  expect((await post(joiner.client, '/api/homepage/join-homepage', { code: link.code, homepageId })).body).toMatchObject({ code: 1, msg: '已加入该主页' })
  expect((await post(owner.client, '/api/homepage/join-homepage', { code: link.code })).body.msg).toBe('这是您自己的主页')

  // A member contributes links but does not sort.
  const added = await post(joiner.client, '/api/source/add', { bid, sour_name: '成员贡献', sour_url: 'https://member.example/' })
  expect(added.body.code, added.body.msg).toBe(1)
  expect((await post(joiner.client, '/api/bookmark/sort', { bid, ids: [added.body.data.id] })).body.msg).toBe(FORBIDDEN)

  const members = await ok(get(joiner.client, '/api/homepage/member-list', { homepageId }))
  expect(members.creator).toMatchObject({ uid: owner.userId, isCreator: true })
  expect(members.list).toEqual([expect.objectContaining({ uid: joiner.userId, permission: 'member', isCreator: false })])
  expect(members).toMatchObject({ total: 1, next: false })

  expect(await ok(post(owner.client, '/api/homepage/set-manager', { homepageId, userId: joiner.userId }))).toEqual({ uid: joiner.userId, permission: 'manager' })
  expect((await ok(get(joiner.client, '/api/homepage/get-detail', { homepageId }))).memberRole).toBe('manager')
  expect((await post(joiner.client, '/api/bookmark/sort', { bid, ids: [added.body.data.id] })).body.code).toBe(1)
  // Managers do not manage people; nobody changes the creator.
  expect((await post(joiner.client, '/api/homepage/set-manager', { homepageId, userId: joiner.userId })).body.msg).toBe(FORBIDDEN)
  expect((await post(owner.client, '/api/homepage/change-permission', { homepageId, uid: owner.userId })).body.msg).toBe('主页创建者不能被移除或修改')
  expect((await post(owner.client, '/api/homepage/remove-member', { homepageId, userId: owner.userId })).body.msg).toBe('主页创建者不能被移除或修改')

  expect(await ok(post(owner.client, '/api/homepage/change-permission', { homepageId, uid: joiner.userId }))).toMatchObject({ permission: 'member' })
  expect((await post(owner.client, '/api/homepage/remove-member', { homepageId, userId: joiner.userId })).body).toMatchObject({ code: 1, msg: '移除成功' })
  // The next request already runs as a plain visitor.
  expect((await post(joiner.client, '/api/source/add', { bid, sour_name: '再来', sour_url: 'https://member.example/2' })).body.msg).toBe(FORBIDDEN)
  expect((await get(joiner.client, '/api/homepage/member-list', { homepageId })).body.msg).toBe(FORBIDDEN)
  expect((await get(owner.client, '/api/homepage/member-list', { homepageId })).body.data.total).toBe(0)
})

test('reset and close turn old links off; a member may leave', async () => {
  const owner = await ownerWithOpenHomepage(`reset-${Date.now().toString(36)}`)
  const { homepageId } = owner
  const first = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' }))
  const reset = await post(owner.client, '/api/homepage/reset-code', { homepageId, type: 'reset' })
  expect(reset.body).toMatchObject({ code: 1, msg: '链接已重置' })
  const second = reset.body.data
  expect(second.code).not.toBe(first.code)

  const late = await signUp(baseUrl, '迟到')
  expect((await post(late.client, '/api/homepage/join-homepage', { code: first.code })).body).toMatchObject({ code: 0, msg: '邀请链接无效或已失效' })
  expect((await get(late.client, '/api/homepage/invite-detail', { code: first.code })).body.msg).toBe('邀请链接无效或已失效')
  await ok(post(late.client, '/api/homepage/join-homepage', { code: second.code }))
  expect((await post(late.client, '/api/homepage/remove-member', { homepageId, userId: late.userId })).body).toMatchObject({ code: 1, msg: '已退出该主页' })

  expect((await post(owner.client, '/api/homepage/reset-code', { homepageId, type: 'close' })).body).toMatchObject({ code: 1, msg: '邀请好友功能已关闭' })
  expect((await post(late.client, '/api/homepage/join-homepage', { code: second.code })).body.msg).toBe('邀请链接无效或已失效')
  expect(await ok(get(owner.client, '/api/homepage/invite-code', { homepageId }))).toMatchObject({ code: '' })
  const guest = createClient(baseUrl)
  expect((await guest.api('/api/homepage/join-homepage', { method: 'POST', json: { code: second.code } })).status).toBe(403)
})

test('follow and unfollow an open homepage; the owner’s other open homepages; a homepage no longer shared', async () => {
  const owner = await ownerWithOpenHomepage(`follow-${Date.now().toString(36)}`)
  const fan = await signUp(baseUrl, '粉丝')
  const { homepageId } = owner
  expect(await ok(get(fan.client, '/api/homepage/recommend-list', { homepageId }))).toEqual([])
  const other = await ok(post(owner.client, '/api/homepage/add', { title: '另一个', icon: 'tabler:home', code: `more-${Date.now().toString(36)}` }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: other.id }))
  expect((await ok(get(fan.client, '/api/homepage/recommend-list', { homepageId }))).map((h: { id: number }) => h.id)).toEqual([other.id])

  const followed = await post(fan.client, '/api/homepage/follow', { homepageId })
  expect(followed.body).toEqual({ code: 1, msg: '已关注！您可以在【网站头部 - 下拉面板】查看', follow: true, followAmount: 1 })
  expect((await ok(get(fan.client, '/api/homepage/get-detail', { homepageId }))).memberRole).toBe('follower')
  expect((await ok(get(fan.client, '/api/homepage/get-user-follow'))).list).toEqual([expect.objectContaining({ id: homepageId, accessible: true })])
  expect((await post(owner.client, '/api/homepage/follow', { homepageId })).body.msg).toBe(FORBIDDEN)

  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId }))
  expect((await ok(get(fan.client, '/api/homepage/get-user-follow'))).list).toEqual([expect.objectContaining({ id: homepageId, accessible: false })])
  expect((await get(fan.client, '/api/homepage/get-detail', { homepageId })).body.msg).toBe(NOT_FOUND)
  expect((await post(fan.client, '/api/homepage/follow', { homepageId })).body).toMatchObject({ code: 1, msg: '已取消关注', follow: false, followAmount: 0 })
  expect((await post(fan.client, '/api/homepage/follow', { homepageId })).body.msg).toBe(NOT_FOUND)
})

test('member-list pages: creator apart, members oldest first, next until the last page', async () => {
  const owner = await ownerWithOpenHomepage(`pages-${Date.now().toString(36)}`)
  const { homepageId } = owner
  const { code } = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' }))
  const joined: number[] = []
  for (const name of ['一', '二', '三']) {
    const user = await signUp(baseUrl, `成员${name}`)
    await ok(post(user.client, '/api/homepage/join-homepage', { code }))
    joined.push(user.userId)
  }
  const first = await ok(get(owner.client, '/api/homepage/member-list', { homepageId, size: 2 }))
  expect(first).toMatchObject({ total: 3, next: true, creator: { uid: owner.userId, isCreator: true } })
  expect(first.list.map((m: { uid: number }) => m.uid)).toEqual(joined.slice(0, 2))
  const second = await ok(get(owner.client, '/api/homepage/member-list', { homepageId, size: 2, page: 2 }))
  expect(second).toMatchObject({ total: 3, next: false })
  expect(second.list.map((m: { uid: number }) => m.uid)).toEqual(joined.slice(2))
})

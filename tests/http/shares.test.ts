import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

test('a category of a private homepage shared at /collection/{bid}: readable by anyone, followed, cancelled', async () => {
  const owner = await signUp(baseUrl, '分享者')
  const fan = await signUp(baseUrl, '关注者')
  const guest = createClient(baseUrl)
  const bid = (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].children[0].value as number
  await ok(post(owner.client, '/api/source/add', { bid, sour_name: '公开的链接', sour_url: 'https://open.example/' }))
  await ok(post(owner.client, '/api/source/add', { bid, sour_name: '私密的链接', sour_url: 'https://secret.example/', isOnlyOwnView: '1' }))
  await ok(post(owner.client, '/api/bookmark/create-base', { cid: bid, remark: '私人笔记', type: 'note' }))

  expect((await guest.request(`/collection/${bid}`)).status).toBe(404)
  expect((await post(owner.client, '/api/bag/share', { bid, remark: '三'.repeat(31) })).body.msg).toBe('分项名称不能超过30个字')
  expect((await post(fan.client, '/api/bag/share', { bid })).body.msg).toBe('内容不存在或已被删除')
  const shared = await post(owner.client, '/api/bag/share', { bid, remark: '常用的网站' })
  expect(shared.body).toEqual({ code: 1, msg: '分享成功', data: { bid, remark: '常用的网站', url: `/collection/${bid}` } })

  const page = await guest.request(`/collection/${bid}`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('公开的链接')
  expect(html).toContain('常用的网站')
  expect(html).toContain('未公开链接')
  expect(html).not.toContain('secret.example')
  expect(html).not.toContain('私人笔记')
  // Nothing else of the private homepage opened up.
  expect((await get(guest, '/api/bookmark/list', { bid })).body.msg).toBe('内容不存在或已被删除')

  expect(await ok(post(fan.client, '/api/bag/follow', { bid }))).toEqual({ follow: true })
  expect((await post(owner.client, '/api/bag/follow', { bid })).body.msg).toBe('不能关注自己分享的分类')
  expect((await ok(get(fan.client, '/api/bag/share-list', { type: 'follow' }))).list).toEqual([
    expect.objectContaining({ bid, name: '常用网站', remark: '常用的网站', accessible: true }),
  ])
  expect((await ok(get(owner.client, '/api/bag/share-list', { type: 'share' }))).total).toBe(1)
  expect(await (await fan.client.request('/user/bag-follow')).text()).toContain('常用网站')

  expect((await post(owner.client, '/api/bag/share', { bid, cancel: 1 })).body).toMatchObject({ code: 1, msg: '已取消分享' })
  expect((await guest.request(`/collection/${bid}`)).status).toBe(404)
  expect((await ok(get(fan.client, '/api/bag/share-list', { type: 'follow' }))).list).toEqual([expect.objectContaining({ bid, accessible: false })])
  // No longer shared: the follower can still unfollow it, and cannot follow it again.
  expect((await post(fan.client, '/api/bag/follow', { bid })).body).toMatchObject({ code: 1, msg: '已取消关注', data: { follow: false } })
  expect((await post(fan.client, '/api/bag/follow', { bid })).body.msg).toBe('内容不存在或已被删除')
})

import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

test('switch-sort-method: one of the seven orders, remembered for the user', async () => {
  const { client } = await signUp(baseUrl, '排序用户')
  expect((await ok(client.api('/api/site/init-info'))).bookmarkSourceSort).toBe('custom')
  const { body } = await post(client, '/api/bookmark/switch-sort-method', { method: 'recent-visit' })
  expect(body).toEqual({ code: 1, msg: '设置成功', data: { method: 'recent-visit' } })
  expect((await ok(client.api('/api/site/init-info'))).bookmarkSourceSort).toBe('recent-visit')
  for (const method of ['', 'random', 'custom; drop table users']) {
    expect((await post(client, '/api/bookmark/switch-sort-method', { method })).body).toMatchObject({ code: 0, msg: '排序方式不正确' })
  }
  expect((await ok(client.api('/api/site/init-info'))).bookmarkSourceSort).toBe('recent-visit')
  expect((await client.api('/api/bookmark/switch-sort-method')).status).toBe(405)
  const guest = createClient(baseUrl)
  expect((await guest.api('/api/bookmark/switch-sort-method', { method: 'POST', json: { method: 'newest' } })).status).toBe(403)
  expect((await ok(guest.api('/api/site/init-info'))).bookmarkSourceSort).toBe('custom')
})

test('remember-selected and get-operate-remember: only a category the user may add to', async () => {
  const me = await signUp(baseUrl, '选择用户')
  const other = await signUp(baseUrl, '别人')
  const mine = (await ok(get(me.client, '/api/bag/get-create', { homepageId: me.homepageId })))[0].children[0].value as number
  const theirs = (await ok(get(other.client, '/api/bag/get-create', { homepageId: other.homepageId })))[0].children[0].value as number

  expect(await ok(get(me.client, '/api/bag/get-operate-remember'))).toBeNull()
  const remembered = await ok(post(me.client, '/api/source/remember-selected', { bid: mine }))
  expect(remembered).toEqual({ homepageId: me.homepageId, moduleId: expect.any(Number), bid: mine })
  expect(await ok(get(me.client, '/api/bag/get-operate-remember'))).toEqual(remembered)

  // Someone else's category (private homepage): as if it did not exist; the memory is unchanged.
  expect((await post(me.client, '/api/source/remember-selected', { bid: theirs })).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  expect(await ok(get(me.client, '/api/bag/get-operate-remember'))).toEqual(remembered)

  // Once the category is in the trash the selector starts from the defaults again.
  await ok(post(me.client, '/api/bag/delete', { bid: mine }))
  expect(await ok(get(me.client, '/api/bag/get-operate-remember'))).toBeNull()
})

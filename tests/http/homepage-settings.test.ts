import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, postForm, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const layoutOf = async (client: Parameters<typeof get>[0]) => (await ok(client.api('/api/site/init-info'))).homepageLayout

test('save-info, set-layout, set-config and save-max-column save only valid layout fields, for the owner', async () => {
  const { client, homepageId } = await signUp(baseUrl, '布局用户')
  const saved = await post(client, '/api/homepage/save-info', { homepageId, rootFontSize: 18, sidebarPosition: 'left', mode: 'focus' })
  expect(saved.body).toMatchObject({ code: 1, msg: '所有设置已保存成功~', data: { rootFontSize: 18, sidebarPosition: 'left', mode: 'default' } })
  // Form bodies and gb-hid, as the no-JS settings forms send them.
  expect((await postForm(client, '/api/homepage/set-config', { 'gb-hid': String(homepageId), engineVisible: 'false', themeColorId: '3' })).body.code).toBe(1)
  expect(await ok(post(client, '/api/module/save-max-column', { homepageId, height: 9 }))).toMatchObject({ maxColumnHeight: 9 })
  expect(await ok(post(client, '/api/homepage/set-layout', { homepageId, mode: 'screen', secret: 'x' }))).not.toHaveProperty('secret')
  const layout = await layoutOf(client)
  expect(layout).toMatchObject({ rootFontSize: 18, sidebarPosition: 'left', engineVisible: false, themeColorId: 3, maxColumnHeight: 9, mode: 'screen' })

  // Out of range, unknown values and empty bodies change nothing.
  for (const body of [{ rootFontSize: 30 }, { anchorPosition: 'middle' }, { engineVisible: 'maybe' }, { mode: 'screen', cardBorderWidth: 5 }, {}]) {
    expect((await post(client, '/api/homepage/set-config', { homepageId, ...body })).body.code, JSON.stringify(body)).toBe(0)
  }
  expect((await post(client, '/api/homepage/set-config', { homepageId, rootFontSize: 30 })).body.msg).toBe('设置项的取值不正确')
  expect((await post(client, '/api/homepage/set-config', { homepageId })).body.msg).toBe('没有要保存的设置')
  expect(await layoutOf(client)).toEqual(layout)
})

test('two settings saved at once both survive', async () => {
  const { client, homepageId } = await signUp(baseUrl, '并发布局')
  await Promise.all([
    ok(post(client, '/api/homepage/set-config', { homepageId, rootFontSize: 15 })),
    ok(post(client, '/api/homepage/set-config', { homepageId, bannerMode: 'search' })),
    ok(post(client, '/api/homepage/set-config', { homepageId, navigationDisplay: 'opacity' })),
  ])
  expect(await layoutOf(client)).toMatchObject({ rootFontSize: 15, bannerMode: 'search', navigationDisplay: 'opacity' })
})

test('set-pop-visible toggles; nobody but the owner changes settings', async () => {
  const owner = await signUp(baseUrl, '弹出用户')
  const other = await signUp(baseUrl, '他人')
  expect(await ok(post(owner.client, '/api/homepage/set-pop-visible', { homepageId: owner.homepageId }))).toEqual({ popVisible: false })
  expect((await ok(owner.client.api('/api/site/init-info'))).homepageInfo.popVisible).toBe(false)
  expect(await ok(post(owner.client, '/api/homepage/set-pop-visible', { homepageId: owner.homepageId }))).toEqual({ popVisible: true })

  const before = await layoutOf(owner.client)
  for (const path of ['/api/homepage/save-info', '/api/homepage/set-layout', '/api/homepage/set-config', '/api/module/save-max-column', '/api/homepage/set-pop-visible']) {
    const body = { homepageId: owner.homepageId, rootFontSize: 14, height: 2 }
    expect((await post(other.client, path, body)).body, path).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
    expect((await post(createClient(baseUrl), path, body)).status, path).toBe(403)
  }
  expect(await layoutOf(owner.client)).toEqual(before)
  expect((await ok(owner.client.api('/api/site/init-info'))).homepageInfo.popVisible).toBe(true)
})

test('clear-website-style puts the layout back to the defaults but the theme colour; only the owner may', async () => {
  const owner = await signUp(baseUrl, '重置布局')
  const other = await signUp(baseUrl, '重置他人')
  const homepageId = owner.homepageId
  await ok(post(owner.client, '/api/homepage/set-config', { homepageId, rootFontSize: 19, cardBorderColor: '#336699', mode: 'focus', themeColorId: 5 }))
  const body = { homepageId }
  expect((await post(other.client, '/api/site/clear-website-style', body)).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  expect((await post(createClient(baseUrl), '/api/site/clear-website-style', body)).status).toBe(403)
  expect(await layoutOf(owner.client)).toMatchObject({ rootFontSize: 19, cardBorderColor: '#336699', mode: 'focus' })

  const cleared = await post(owner.client, '/api/site/clear-website-style', { 'gb-hid': String(homepageId) })
  expect(cleared.body).toMatchObject({ code: 1, msg: '操作成功！', data: { rootFontSize: 16, cardBorderColor: '', mode: 'default', themeColorId: 5 } })
  expect(await layoutOf(owner.client)).toEqual(cleared.body.data)
})

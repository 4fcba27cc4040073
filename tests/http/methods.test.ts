import { expect, inject, test } from 'vitest'
import { get, ok, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const REFUSED = ['PUT', 'PATCH', 'DELETE', 'OPTIONS']

test('an /api call answers a method it does not take with the envelope’s 405 and Allow, and does nothing', async () => {
  const { client, homepageId } = await signUp(baseUrl, '方法测试')
  const moduleNames = async () => (await ok(get(client, '/api/module/get-list', { homepageId }))).map((m: { name: string }) => m.name)
  const before = await moduleNames()

  for (const method of REFUSED) {
    const response = await client.request('/api/module/add', { method, headers: client.sameOrigin, json: { homepageId, name: `${method}模块` } })
    expect(response.status, method).toBe(405)
    expect(response.headers.get('Allow'), method).toBe('POST')
    expect(await response.json(), method).toEqual({ code: 0, msg: '请求方法不允许', data: null })
  }
  expect(await moduleNames()).toEqual(before)

  const getOnWrite = await client.request('/api/module/add')
  expect(getOnWrite.status).toBe(405)
  expect(getOnWrite.headers.get('Allow')).toBe('POST')

  const postOnRead = await client.request('/api/module/get-list', { method: 'POST', headers: client.sameOrigin, json: { homepageId } })
  expect(postOnRead.status).toBe(405)
  expect(postOnRead.headers.get('Allow')).toBe('GET, HEAD')
  const putOnRead = await client.request(`/api/module/get-list?homepageId=${homepageId}`, { method: 'PUT', headers: client.sameOrigin })
  expect(putOnRead.status).toBe(405)
  expect(putOnRead.headers.get('Allow')).toBe('GET, HEAD')
})

test('a page answers PUT, PATCH and DELETE with a 405 page and Allow (OPTIONS a 405), and never runs its action', async () => {
  const { client, homepageId } = await signUp(baseUrl, '页面方法')
  const moduleNames = async () => (await ok(get(client, '/api/module/get-list', { homepageId }))).map((m: { name: string }) => m.name)
  const before = await moduleNames()
  const form = { intent: 'save-module', homepageId: String(homepageId), name: '错方法模块', icon: 'tabler:star', moduleType: '0' }

  for (const method of REFUSED) {
    for (const path of ['/?index', '/user/online', '/user/logoff']) {
      const response = await client.request(path, { method, headers: client.sameOrigin, form })
      expect(response.status, `${method} ${path}`).toBe(405)
      // React Router refuses OPTIONS itself (a 405 page, before any middleware, so without Allow).
      if (method === 'OPTIONS') continue
      expect(response.headers.get('Allow'), `${method} ${path}`).toBe('GET, HEAD, POST')
      expect(await response.text()).toContain('请求方法不允许')
    }
  }
  expect(await moduleNames()).toEqual(before)
  // Still signed in: DELETE /user/logoff deleted nothing.
  expect((await ok(client.api('/api/site/init-info'))).isGuest).toBe(false)
})

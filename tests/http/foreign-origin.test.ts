import { expect, inject, test } from 'vitest'
import { get, ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const EVIL = { Origin: 'https://evil.example' }

/** Our 403 page: the app's shell (header, way home) around the guard's message, not a bare 400. */
async function expectForbiddenPage(response: Response) {
  expect(response.status).toBe(403)
  expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
  const html = await response.text()
  // The document of root.tsx (its theme attributes follow the language: issue 15).
  expect(html).toMatch(/<html lang="zh-CN"[ >]/)
  expect(html).toContain('<p class="error-status">403</p>')
  expect(html).toContain('<h1>请求来源不合法</h1>')
  expect(html).toMatch(/<a[^>]+href="\/"[^>]*>返回首页<\/a>/)
  expect(html).toContain('class="site-header')
}

test('a form posted to / from a foreign origin gets our 403 page and saves nothing; from our pages it saves', async () => {
  const { client, homepageId } = await signUp(baseUrl, '来源测试')
  const moduleNames = async () => (await ok(get(client, '/api/module/get-list', { homepageId }))).map((m: { name: string }) => m.name)
  const before = await moduleNames()
  const form = { intent: 'save-module', homepageId: String(homepageId), name: '外站模块', icon: 'tabler:star', moduleType: '0' }

  // `/?index` is where the page's own forms post (the index route's action).
  await expectForbiddenPage(await client.request('/', { method: 'POST', headers: EVIL, form }))
  await expectForbiddenPage(await client.request('/?index', { method: 'POST', headers: EVIL, form }))
  // A cross-site browser post without Origin is refused the same way.
  await expectForbiddenPage(await client.request('/?index', { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' }, form }))
  expect(await moduleNames()).toEqual(before)

  const same = await client.request('/?index', { method: 'POST', headers: client.sameOrigin, form })
  expect(same.status).toBe(302)
  expect(await moduleNames()).toEqual([...before, '外站模块'])
})

test('a form posted to /{code} from a foreign origin gets our 403 page and follows nothing', async () => {
  const owner = await signUp(baseUrl, '被关注者')
  const code = `origin${Date.now().toString(36)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '来源主页', summary: '', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  const fan = await signUp(baseUrl, '关注者')
  const followed = async () => (await ok(get(fan.client, '/api/homepage/get-user-follow', { page: 1 }))).total as number
  const form = { intent: 'follow-homepage', homepageId: String(owner.homepageId) }

  await expectForbiddenPage(await fan.client.request(`/${code}`, { method: 'POST', headers: EVIL, form }))
  expect(await followed()).toBe(0)

  const same = await fan.client.request(`/${code}`, { method: 'POST', headers: fan.client.sameOrigin, form })
  expect(same.status).toBe(302)
  expect(await followed()).toBe(1)
})

test('/api keeps answering its envelope to a foreign origin', async () => {
  const { client } = await signUp(baseUrl, '接口来源')
  const response = await client.request('/api/module/add', { method: 'POST', headers: EVIL, json: { name: 'x' } })
  expect(response.status).toBe(403)
  expect(await response.json()).toEqual({ code: 0, msg: '请求来源不合法', data: null })
})

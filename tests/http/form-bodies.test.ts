import { expect, inject, test } from 'vitest'
import { ok, post, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')

/** Bodies no page action or /api call can read: another or no type, broken multipart. */
const UNREADABLE: [string, Record<string, string>, string][] = [
  ['no Content-Type', {}, 'intent=x'],
  ['text/plain', { 'Content-Type': 'text/plain' }, 'intent=x'],
  ['JSON', { 'Content-Type': 'application/json' }, '{"intent":"x"}'],
  ['broken multipart', { 'Content-Type': 'multipart/form-data; boundary=qiye' }, '--qiye\r\nContent-Disposition: form-da'],
  ['multipart without a boundary', { 'Content-Type': 'multipart/form-data' }, '--qiye\r\n\r\n'],
]

test('every page action answers an unreadable body with a 400 page, never a 500 or a redirect', async () => {
  const { client } = await signUp(baseUrl, '格式测试')
  const code = `fmt${Date.now().toString(36)}`
  await ok(post(client, '/api/homepage/add', { title: '格式主页', summary: '', icon: 'tabler:home', code }))
  const pages = [
    '/?index',
    `/${code}`,
    '/login',
    '/user/logoff',
    '/user/online',
    '/user/trash',
    '/user/account',
    '/user/notice',
    '/user/browser-history',
    '/user/bag-share',
    '/forget/input-email',
    '/forget/reset-password?token=x',
    '/email/confirm?token=x',
    '/resources/engine',
    '/weather',
    '/invite?code=x',
    '/collection/1',
    '/preview?id=1',
  ]
  for (const path of pages) {
    for (const [what, headers, body] of UNREADABLE) {
      const response = await client.request(path, { method: 'POST', headers: { ...client.sameOrigin, ...headers }, body })
      expect(response.status, `${what} to ${path}`).toBe(400)
      expect(await response.text(), `${what} to ${path}`).toContain('请求格式不正确')
    }
  }
})

test('every /api call answers an unreadable body with HTTP 400 in the envelope', async () => {
  const { client, homepageId } = await signUp(baseUrl, '接口格式')
  // JSON is an /api call's own type: there only broken JSON, or JSON that is no object, is unreadable.
  const unreadable: typeof UNREADABLE = [
    ...UNREADABLE.filter(([what]) => what !== 'JSON'),
    ['broken JSON', { 'Content-Type': 'application/json' }, '{"name":'],
    ['a JSON list', { 'Content-Type': 'application/json' }, '[1]'],
  ]
  for (const path of ['/api/module/add', '/api/sign/in', '/api/source/add']) {
    for (const [what, headers, body] of unreadable) {
      const response = await client.request(`${path}?homepageId=${homepageId}`, { method: 'POST', headers: { ...client.sameOrigin, ...headers }, body })
      expect(response.status, `${what} to ${path}`).toBe(400)
      expect(await response.json(), `${what} to ${path}`).toEqual({ code: 0, msg: '请求格式不正确', data: null })
    }
  }
})

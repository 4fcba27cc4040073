import { readFileSync } from 'node:fs'
import { expect, inject, test } from 'vitest'
import { uniqueEmail } from '#tests/db-utils.ts'
import { API_CALLS } from '#app/api/calls.server.ts'
import { createClient } from './client.ts'

const baseUrl = inject('baseUrl')
const DEMO = { user_email: 'demo@example.com', user_password: 'qiye-demo-2026' }
const golden = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/api/${name}.json`, import.meta.url), 'utf8'))

test('GET /api/site/init-info as a guest matches the contract', async () => {
  const { status, headers, body } = await createClient(baseUrl).api('/api/site/init-info')
  expect(status).toBe(200)
  expect(headers.get('Cache-Control')).toBe('no-store')
  expect(body).toEqual(golden('site.init-info.guest'))
})

test('signing in with a wrong password answers code≠1 in Chinese and sets no cookie', async () => {
  const client = createClient(baseUrl)
  const { status, headers, body } = await client.api('/api/sign/in', { method: 'POST', json: { ...DEMO, user_password: 'wrong!' } })
  expect(status).toBe(200)
  expect(body).toEqual({ code: 0, msg: '邮箱或密码错误', data: null })
  expect(headers.getSetCookie()).toEqual([])
})

test('sign in (form-encoded), see the account in init-info, sign out', async () => {
  const client = createClient(baseUrl)
  const signIn = await client.api('/api/sign/in', { method: 'POST', form: DEMO })
  expect(signIn.body).toMatchObject({ code: 1, data: { nickname: '起页官方' } })
  expect(signIn.headers.getSetCookie()[0]).toMatch(/^qy_sid=[\w-]{43}; Path=\/; SameSite=Lax; Max-Age=2592000; HttpOnly$/)
  const token = client.jar.get('qy_sid')

  const info = await client.api('/api/site/init-info')
  expect(info.body.data).toMatchObject({ isGuest: false, nickname: '起页官方', domain: 'demo' })
  expect(info.body.data.homepageInfo).toMatchObject({ isOwn: true, code: 'demo' })

  const out = await client.api('/api/sign/out', { method: 'POST', headers: client.sameOrigin })
  expect(out.body).toMatchObject({ code: 1, msg: '已退出登录' })
  // The old token is dead, not just forgotten by this client.
  const replay = createClient(baseUrl)
  replay.jar.set('qy_sid', token!)
  expect((await replay.api('/api/site/init-info')).body.data.isGuest).toBe(true)
})

test('register over JSON signs the new account in; its e-mail is then taken', async () => {
  const client = createClient(baseUrl)
  const email = uniqueEmail()
  const on = await client.api('/api/sign/on', { method: 'POST', json: { user_nickname: '接口用户', user_email: email, user_password: '六个中文密码' } })
  expect(on.body).toMatchObject({ code: 1, msg: '注册成功，页面即将刷新', data: { nickname: '接口用户' } })
  const info = await client.api('/api/site/init-info')
  expect(info.body.data).toMatchObject({ isGuest: false, nickname: '接口用户' })
  expect(info.body.data.homepageInfo).toMatchObject({ name: '接口用户的主页', isOwn: true })

  const guest = createClient(baseUrl)
  expect((await guest.api('/api/sign/check-email', { method: 'POST', json: { user_email: email } })).body).toEqual({ code: 0, msg: '该邮箱地址已经存在', data: null })
  expect((await guest.api('/api/sign/check-email', { method: 'POST', form: { user_email: uniqueEmail() } })).body.code).toBe(1)
  expect((await guest.api('/api/sign/on', { method: 'POST', json: { user_nickname: 'x', user_email: email, user_password: '123456' } })).body).toEqual({ code: 0, msg: '该邮箱地址已经存在', data: null })
})

test.each([
  [{ user_nickname: '', user_email: uniqueEmail(), user_password: '123456' }, '请输入昵称'],
  // Only invisible characters (zero-width, bidi, variation selector): no name at all (issue 21).
  [{ user_nickname: '\u200B', user_email: uniqueEmail(), user_password: '123456' }, '请输入昵称'],
  [{ user_nickname: '\u200B\u202E\uFE0F\u2066', user_email: uniqueEmail(), user_password: '123456' }, '请输入昵称'],
  [{ user_nickname: '一'.repeat(21), user_email: uniqueEmail(), user_password: '123456' }, '昵称长度不能超过20个字'],
  [{ user_nickname: '小明', user_email: 'bad', user_password: '123456' }, '请输入正确的邮箱地址'],
  [{ user_nickname: '小明', user_password: '123456' }, '请输入邮箱地址'],
  [{ user_nickname: '小明', user_email: uniqueEmail(), user_password: '12345' }, '密码长度不能小于6位'],
])('register %j → %s', async (json, msg) => {
  expect((await createClient(baseUrl).api('/api/sign/on', { method: 'POST', json })).body).toEqual({ code: 0, msg, data: null })
})

test('a mutating call from a foreign origin is refused and changes nothing', async () => {
  const client = createClient(baseUrl)
  await client.api('/api/sign/in', { method: 'POST', json: DEMO })
  const forged: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, {}]
  for (const headers of forged) {
    const { status, body } = await client.api('/api/sign/out', { method: 'POST', headers })
    expect(status).toBe(403)
    expect(body).toEqual({ code: 0, msg: '请求来源不合法', data: null })
  }
  expect((await client.api('/api/site/init-info')).body.data.isGuest).toBe(false)
})

test('GET on a call that changes state is refused with 405', async () => {
  const { status, body } = await createClient(baseUrl).api('/api/sign/out')
  expect(status).toBe(405)
  expect(body.code).not.toBe(1)
})

test('an unknown /api path is a 404 envelope, also one that names a file of ours in another form', async () => {
  for (const path of ['/api/no/such-call', '/api/bag.add', '/api/bag/add/more', '/api/ordering-calls/test', '/api/not-found', '/api/']) {
    const { status, body } = await createClient(baseUrl).api(path, { method: 'POST', json: {} })
    expect(status, path).toBe(404)
    expect(body, path).toEqual({ code: 0, msg: '接口不存在', data: null })
  }
})

test('a malformed JSON body is a Chinese failure, not a 500', async () => {
  const response = await createClient(baseUrl).request('/api/sign/in', {
    method: 'POST',
    body: '{"user_email":',
    headers: { 'Content-Type': 'application/json' },
  })
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({ code: 0, msg: '请求格式不正确', data: null })
})

test('a POST on a read is a 405 envelope, and absent sign-in fields get the Chinese message', async () => {
  const client = createClient(baseUrl)
  const post = await client.api('/api/site/init-info', { method: 'POST', json: {} })
  expect(post.status).toBe(405)
  expect(post.body).toEqual({ code: 0, msg: '请求方法不允许', data: null })
  expect((await client.api('/api/sign/in', { method: 'POST', json: {} })).body).toEqual({ code: 0, msg: '请输入邮箱地址', data: null })
  expect((await client.api('/api/sign/in', { method: 'POST', json: { user_email: 'a@example.com' } })).body.msg).toBe('请输入登录密码')
  expect((await client.api(`/api/site/init-info?domain=${'x'.repeat(65)}`)).body).toEqual({ code: 0, msg: '当前页面不存在或已被删除', data: null })
})

// A file of app/routes/api/ exports only the method it answers: the other is the envelope's 405.
test('every /api call answers GET and POST with the envelope, never a crash', async () => {
  const client = createClient(baseUrl)
  const crashed: string[] = []
  for (const path of API_CALLS.keys()) {
    // WeChat's push endpoint answers WeChat in its own plain text (a 403 to anyone unsigned).
    if (path === 'wx/callback') continue
    for (const method of ['GET', 'POST'] as const) {
      const response = await client.request(`/api/${path}`, method === 'GET' ? {} : { method, headers: client.sameOrigin, form: {} })
      const body = await response.text()
      if (response.status >= 500 || !body.startsWith('{"code"')) crashed.push(`${method} /api/${path} → ${response.status}`)
    }
  }
  expect(API_CALLS.size).toBeGreaterThan(100)
  expect(crashed).toEqual([])
})

import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'

const baseUrl = inject('baseUrl')
const DEMO = { email: 'demo@example.com', password: 'qiye-demo-2026' }

test('pages carry an enforced CSP whose nonce is on every script, and the other security headers', async () => {
  const response = await createClient(baseUrl).request('/')
  expect(response.status).toBe(200)
  const html = await response.text()
  // The document of root.tsx (its theme attributes follow the language: issue 15).
  expect(html).toMatch(/<html lang="zh-CN"[ >]/)
  expect(html).toContain('起页示例主页')
  const csp = response.headers.get('Content-Security-Policy')!
  expect(response.headers.get('Content-Security-Policy-Report-Only')).toBeNull()
  const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
    expect(csp).toContain(directive)
  }
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(response.headers.get('Referrer-Policy')).toBe('same-origin')
  expect(response.headers.get('X-Powered-By')).toBeNull()
  // A new nonce for every render; a start page the cache answers repeats its own render's nonce
  // with that render's CSP (ADR 013: any change of content is a new render, with a new nonce).
  const csps = async (path: string) => (await createClient(baseUrl).request(path)).headers.get('Content-Security-Policy')
  expect(await csps('/tool')).not.toBe(await csps('/tool'))
})

test('bookmarks link straight to the site without leaking the referrer', async () => {
  const html = await (await createClient(baseUrl).request('/demo')).text()
  // The page's Referrer-Policy (same-origin) keeps the address, and a homepage's code, to ourselves;
  // target=_blank implies noopener. A link that should send its referrer says so itself.
  expect(html).toMatch(/<a href="https:\/\/github.com\/" target="_blank" ping="\/c\/\d+"/)
})

test('an unknown page is a 404 with the spec message and a way home', async () => {
  const response = await createClient(baseUrl).request('/no-such-page/at/all')
  expect(response.status).toBe(404)
  const html = await response.text()
  expect(html).toContain('当前页面不存在或已被删除')
  expect(html).toMatch(/<a[^>]+href="\/"[^>]*>返回首页<\/a>/)
  const err = await createClient(baseUrl).request('/err')
  expect(await err.text()).toContain('当前页面不存在或已被删除')
})

test('a homepage by personal domain ignores letter case; an unknown domain is a 404', async () => {
  expect(await (await createClient(baseUrl).request('/DEMO')).text()).toContain('起页示例主页')
  expect((await createClient(baseUrl).request('/nobody-here')).status).toBe(404)
})

test('the login form without JavaScript: errors in Chinese, typed values kept, then success', async () => {
  const client = createClient(baseUrl)
  const bad = await client.request('/login', {
    method: 'POST',
    headers: client.sameOrigin,
    form: { intent: 'register', nickname: '无脚本', email: 'not-an-email', password: '123', redirectTo: '/' },
  })
  expect(bad.status).toBe(400)
  const html = await bad.text()
  expect(html).toContain('请输入正确的邮箱地址')
  expect(html).toContain('value="无脚本"')
  expect(html).toContain('value="not-an-email"')
  expect(html).not.toContain('value="123"')

  const ok = await client.request('/login', {
    method: 'POST',
    headers: client.sameOrigin,
    form: { intent: 'login', ...DEMO, redirectTo: '/demo' },
  })
  expect(ok.status).toBe(302)
  expect(ok.headers.get('Location')).toBe('/demo')
  expect(client.jar.get('qy_sid')).toMatch(/^[\w-]{43}$/)
})

test.each([
  // Our origin guard answers both (React Router's own check is off: ADR 007) ...
  [{ Origin: 'https://evil.example' }, 403],
  // ... also when there is no Origin, but the browser says cross-site.
  [{ 'Sec-Fetch-Site': 'cross-site' }, 403],
])('a cross-site form post to a page action (%j) is refused with %i', async (headers, status) => {
  const client = createClient(baseUrl)
  const response = await client.request('/login', { method: 'POST', headers, form: { intent: 'login', ...DEMO } })
  expect(response.status).toBe(status)
  expect(client.jar.has('qy_sid')).toBe(false)
})

test('log out is a POST; a GET to /logout changes nothing', async () => {
  const client = createClient(baseUrl)
  await client.request('/login', { method: 'POST', headers: client.sameOrigin, form: { intent: 'login', ...DEMO } })
  await client.request('/logout')
  expect((await client.api('/api/site/init-info')).body.data.isGuest).toBe(false)
  const out = await client.request('/logout', { method: 'POST', headers: client.sameOrigin })
  expect(out.status).toBe(302)
  expect((await client.api('/api/site/init-info')).body.data.isGuest).toBe(true)
})

test.each([
  ['//evil.example/x', '/'],
  ['/\\evil.example', '/'],
  ['https://evil.example/', '/'],
  ['/demo?x=1', '/demo?x=1'],
])('/site/redirect?url=%s goes to %s, and only after signing in', async (target, expected) => {
  const guest = createClient(baseUrl)
  const asGuest = await guest.request(`/site/redirect?url=${encodeURIComponent(target)}`)
  expect(asGuest.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(expected)}`)
  const user = createClient(baseUrl)
  await user.request('/login', { method: 'POST', headers: user.sameOrigin, form: { intent: 'login', ...DEMO } })
  const signedIn = await user.request(`/site/redirect?url=${encodeURIComponent(target)}`)
  expect(signedIn.status).toBe(302)
  expect(signedIn.headers.get('Location')).toBe(expected)
})

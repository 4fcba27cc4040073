import { expect, inject, test } from 'vitest'
import { signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const origin = new URL(baseUrl).origin

/** Targets a parser or a browser may read as another site (issue 21: `/.//evil` became `//evil`). */
const TRICKS = [
  '//evil.example',
  '/\\evil.example',
  '/%5c/evil.example',
  '/%2f/evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/a/..//evil.example',
  '/.\\/evil.example',
  'https://evil.example/',
  `${origin.replace('http:', 'https:')}/`,
  `${origin}//evil.example`,
  `${origin}/.//evil.example`,
  'javascript:alert(1)',
  'data:text/html,hi',
]

/** A redirect that stays on our origin: a path, never `//host`, `/\host` or an absolute URL. */
function expectLocal(response: Response, trick: string) {
  expect(response.status, trick).toBeGreaterThanOrEqual(300)
  expect(response.status, trick).toBeLessThan(400)
  const location = response.headers.get('Location') ?? ''
  expect(location, trick).toMatch(/^\/(?![/\\])/)
  expect(location, trick).not.toMatch(/[\t\n\r]/)
  expect(new URL(location, baseUrl).origin, trick).toBe(origin)
}

test('signed in, /login?redirectTo= and /site/redirect?url= go nowhere but our own paths', async () => {
  const { client } = await signUp(baseUrl, '跳转测试')
  for (const trick of TRICKS) {
    expectLocal(await client.request(`/login?redirectTo=${encodeURIComponent(trick)}`), trick)
    expectLocal(await client.request(`/site/redirect?url=${encodeURIComponent(trick)}`), trick)
  }
})

test('the engine box and the skin upload send a form back only to our own paths', async () => {
  const { client } = await signUp(baseUrl, '跳转表单')
  for (const trick of TRICKS) {
    const engine = await client.request('/resources/engine', {
      method: 'POST',
      headers: client.sameOrigin,
      form: { intent: 'history', q: '跳转', redirectTo: trick },
    })
    expectLocal(engine, trick)
    const upload = await client.request(`/api/skin/upload?redirectTo=${encodeURIComponent(trick)}`, {
      method: 'POST',
      headers: client.sameOrigin,
      body: new FormData(),
    })
    expectLocal(upload, trick)
  }
})

test('a guest sent to sign in by /site/redirect is sent back only to our own paths', async () => {
  const response = await fetch(`${baseUrl}/site/redirect?url=${encodeURIComponent('/.//evil.example')}`, { redirect: 'manual' })
  expectLocal(response, 'guest')
  const back = new URL(response.headers.get('Location')!, baseUrl).searchParams.get('redirectTo')
  expect(back).toBe('/')
})

import { expect, test } from 'vitest'
import { isSameOriginRequest } from './origin-guard.server.ts'

const post = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/api/sign/out', { method: 'POST', headers })
const cookie = { Cookie: `qy_sid=${'a'.repeat(43)}` }

test.each([
  ['our Origin', { Origin: 'http://localhost:3000' }, true],
  ['a foreign Origin', { Origin: 'https://evil.example' }, false],
  ['our host on another port', { Origin: 'http://localhost:3001' }, false],
  ['our host over another scheme', { Origin: 'https://localhost:3000' }, false],
  ['Origin null (sandboxed frame)', { Origin: 'null' }, false],
  ['Sec-Fetch-Site same-origin', { 'Sec-Fetch-Site': 'same-origin' }, true],
  ['Sec-Fetch-Site none (typed by the user)', { 'Sec-Fetch-Site': 'none' }, true],
  ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }, false],
  ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }, false],
  ['a foreign Origin even with same-origin Sec-Fetch-Site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' }, false],
  ['neither header and no session (a script signing in)', {}, true],
  ['neither header but a session cookie', cookie, false],
])('%s → %s', (_name, headers, allowed) => {
  expect(isSameOriginRequest(post(headers))).toBe(allowed)
})

import { expect, test } from 'vitest'
import { safeRedirect } from './http.server.ts'

const request = new Request('http://localhost:3000/login')

test.each([
  ['/user/account?tab=1#top', '/user/account?tab=1#top'],
  ['http://localhost:3000/demo', '/demo'],
  ['demo', '/demo'],
  // Encoded slashes stay encoded: a path segment, not a host.
  ['/%2f/evil.example', '/%2f/evil.example'],
  ['/%5c/evil.example', '/%5c/evil.example'],
  ['/a/../b', '/b'],
  ['/./', '/'],
])('%s stays on our origin as %s', (target, expected) => {
  expect(safeRedirect(target, request)).toBe(expected)
})

test.each([
  '//evil.example/',
  '/\\evil.example',
  '/\t/evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'http://localhost:3001/',
  'javascript:alert(1)',
  'data:text/html,hi',
  '',
  // Dot-segments and encodings the parser resolves into `//host` (issue 21).
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/..//evil.example',
  '/a/%2e%2e//evil.example',
  '/.\\/evil.example',
  '/./\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/\n/evil.example',
  '/.\t//evil.example',
  ' //evil.example',
  'http://localhost:3000//evil.example',
  'http://localhost:3000/.//evil.example',
  'http:/.//evil.example',
  'https://localhost:3000/',
  'JavaScript:alert(1)',
  'java\nscript:alert(1)',
])('%j falls back to /', (target) => {
  expect(safeRedirect(target, request)).toBe('/')
})

test('non-strings fall back', () => {
  expect(safeRedirect(null, request)).toBe('/')
  expect(safeRedirect(new File([], 'x'), request, '/home')).toBe('/home')
})

test('no output of the rule begins with // or /\\ or names a scheme', () => {
  const tricks = ['/', '//', '///', '/\\', '/%2e', '/..', '/./.', '/.%2e/', '\\', '/\t', '/\r\n/', './/x', '..//x', '/x/../../x']
  for (const a of tricks) {
    for (const b of ['', 'evil.example', '/evil.example', '\\evil.example']) {
      const out = safeRedirect(a + b, request)
      expect(out, a + b).toMatch(/^\/(?![/\\])/)
    }
  }
})

import { expect, test } from 'vitest'
import { safeRedirect } from './http.server.ts'

const request = new Request('http://localhost:3000/login')

test.each([
  ['/user/account?tab=1#top', '/user/account?tab=1#top'],
  ['http://localhost:3000/demo', '/demo'],
  ['demo', '/demo'],
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
])('%j falls back to /', (target) => {
  expect(safeRedirect(target, request)).toBe('/')
})

test('non-strings fall back', () => {
  expect(safeRedirect(null, request)).toBe('/')
  expect(safeRedirect(new File([], 'x'), request, '/home')).toBe('/home')
})

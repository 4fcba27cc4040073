import { expect, test } from 'vitest'
import { isGroupPage, isStartPage, startPageKey } from './page-key.server.ts'

test('start pages are / and personal domains; our own first segments and other shapes are not', () => {
  for (const path of ['/', '/demo', '/My-Page-2', '/abcd']) expect(isStartPage(path), path).toBe(true)
  for (const path of ['/login', '/weather', '/search', '/tool', '/preview', '/terms', '/discover', '/super', '/DISCOVER', '/LOGIN', '/abc', '/1abc', '/-abc', '/demo/3', `/${'a'.repeat(21)}`]) {
    expect(isStartPage(path), path).toBe(false)
  }
})

test('a query, another page or a toast to show is rendered, not kept', () => {
  const url = (path: string) => new URL(path, 'http://127.0.0.1:3000')
  expect(startPageKey({ url: url('/demo'), cookie: undefined })?.session).toBeNull()
  expect(startPageKey({ url: url('/demo?dialog=skin'), cookie: undefined })).toBeNull()
  expect(startPageKey({ url: url('/weather'), cookie: undefined })).toBeNull()
  expect(startPageKey({ url: url('/demo'), cookie: 'qy_toast=x' })).toBeNull()
})

test('a group’s page is kept for guests only; its other pages and shapes are not', () => {
  const url = (path: string) => new URL(path, 'http://127.0.0.1:3000')
  for (const path of ['/group/1', '/group/12/345']) expect(isGroupPage(path), path).toBe(true)
  for (const path of ['/group', '/group/create', '/group/notice', '/group/0', '/group/1/2/3', '/group/01', '/group/1/']) expect(isGroupPage(path), path).toBe(false)
  expect(startPageKey({ url: url('/group/7'), cookie: undefined })?.session).toBeNull()
  expect(startPageKey({ url: url('/group/7?tab=log'), cookie: undefined })).toBeNull()
  const signedIn = `qy_sid=${'a'.repeat(43)}`
  expect(startPageKey({ url: url('/demo'), cookie: signedIn })?.session, 'the start page of the same session is kept').toBeTruthy()
  expect(startPageKey({ url: url('/group/7'), cookie: signedIn })).toBeNull()
})

test('a signed-in viewer’s / is kept apart for phones and other browsers (the mobile guard); other pages and guests are not', () => {
  const url = (path: string) => new URL(path, 'http://127.0.0.1:3000')
  const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
  const signedIn = `qy_sid=${'a'.repeat(43)}`
  const key = (path: string, cookie: string | undefined, userAgent: string) => startPageKey({ url: url(path), cookie, userAgent })?.key
  expect(key('/', signedIn, phone)).not.toBe(key('/', signedIn, desktop))
  expect(key('/', signedIn, phone)).toBe(key('/', signedIn, phone))
  expect(key('/', undefined, phone), 'a guest’s / is the same page for every browser').toBe(key('/', undefined, desktop))
  expect(key('/demo', signedIn, phone), 'no guard on a personal domain').toBe(key('/demo', signedIn, desktop))
  expect(key('/', `${signedIn}; qy_layout=desktop`, phone), 'the desktop choice is a cookie, and every cookie is in the key').not.toBe(key('/', signedIn, phone))
})

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { signInDemo } from './content-helpers.ts'

/**
 * The mobile guard and the installable, offline-capable site (issue 25 item 4, spec §2): a
 * signed-in phone asking for `/` goes to /m unless it chose 电脑版; guests and other browsers stay;
 * the page cache never answers one kind of browser with the other's page; /sw.js and the manifest.
 */
const baseUrl = inject('baseUrl')

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

type Client = ReturnType<typeof createClient>
const as = (client: Client, path: string, userAgent: string) => client.request(path, { headers: { 'User-Agent': userAgent } })

/** The start page as a desktop gets it, asked until the page cache answers (it has an ETag). */
async function keptDesktopPage(client: Client) {
  for (let ask = 1; ask <= 3; ask++) {
    const response = await as(client, '/', DESKTOP)
    expect(response.status).toBe(200)
    await response.text()
    if (response.headers.get('etag')) return response
  }
  throw new Error('the desktop page was never answered from the cache')
}

test('a signed-in Android or iPhone browser asking for / goes to the mobile site; a guest, a desktop and an iPad stay', async () => {
  const { client } = await signInDemo(baseUrl)
  for (const phone of [IPHONE, ANDROID]) {
    const response = await as(client, '/', phone)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/m')
  }
  for (const other of [DESKTOP, IPAD]) expect((await as(client, '/', other)).status).toBe(200)
  const guest = createClient(baseUrl)
  const page = await as(guest, '/', IPHONE)
  expect(page.status, 'a guest is not sent').toBe(200)
  expect(await page.text()).toContain('site-header')
  // A page with a query (a dialog's address) is not the start page the guard is about.
  expect((await as(client, '/?dialog=skin', IPHONE)).status).toBe(200)
})

test('the page cache never serves a kept desktop page to a phone, nor the phone’s answer to a desktop', async () => {
  const { client } = await signInDemo(baseUrl)
  const kept = await keptDesktopPage(client)
  expect(kept.headers.get('vary')).toMatch(/User-Agent/)
  // The same session from a phone, even revalidating the desktop page's ETag, is sent to /m.
  const phone = await client.request('/', { headers: { 'User-Agent': IPHONE, 'If-None-Match': kept.headers.get('etag')! } })
  expect(phone.status).toBe(302)
  expect(phone.headers.get('location')).toBe('/m')
  // And the desktop still gets its page after the phone's redirect.
  const again = await as(client, '/', DESKTOP)
  expect(again.status).toBe(200)
  expect(await again.text()).not.toContain('class="m-page"')
})

test('电脑版 keeps a phone on the desktop layout (a cookie); 手机版 opens the mobile site and forgets it', async () => {
  const { client } = await signInDemo(baseUrl)
  const desktop = await as(client, '/m?layout=desktop', IPHONE)
  expect(desktop.status).toBe(302)
  expect(desktop.headers.get('location')).toBe('/')
  expect(desktop.headers.get('set-cookie')).toMatch(/^qy_layout=desktop;.*HttpOnly/i)
  expect(client.jar.get('qy_layout')).toBe('desktop')
  // Asked twice: the second may come from the page cache, which must agree.
  for (let ask = 0; ask < 2; ask++) {
    const page = await as(client, '/', IPHONE)
    expect(page.status, 'the desktop choice is honoured').toBe(200)
    expect(await page.text()).toContain('site-header')
  }
  const mobile = await as(client, '/m?layout=mobile', IPHONE)
  expect(mobile.status).toBe(200)
  expect(await mobile.text()).toContain('class="m-page"')
  expect(client.jar.has('qy_layout')).toBe(false)
  const back = await as(client, '/', IPHONE)
  expect(back.status).toBe(302)
  expect(back.headers.get('location')).toBe('/m')
})

test('the mobile site is the viewer’s start page: tabs, folding categories, tiles, the bottom bar and the footer’s way back', async () => {
  const { client } = await signInDemo(baseUrl)
  const response = await as(client, '/m', IPHONE)
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toContain('<nav class="m-tabs" aria-label="模块">')
  expect(html).toMatch(/<details class="m-category"[^>]*open/)
  expect(html).toMatch(/<ul class="link-grid link-grid-tiles m-grid"><li><a href="https:\/\//)
  expect(html).toMatch(/<nav class="m-bar" aria-label="手机版导航">[\s\S]*首页[\s\S]*搜索[\s\S]*添加[\s\S]*我的/)
  expect(html).toContain('href="/user/account"')
  expect(html).toContain('href="/m?layout=desktop"')
  expect(html, 'the desktop header is not drawn').not.toContain('site-header')
  // The bookmarks are drawn once (not again in the hydration data).
  const first = /<ul class="link-grid link-grid-tiles m-grid"><li><a href="(https:[^"]+)"/.exec(html)![1]!
  expect(html.split(`href="${first}"`).length - 1).toBe(1)
  // A homepage by personal domain; an unknown one is the same 404 as the desktop's.
  expect((await as(client, '/m/demo', IPHONE)).status).toBe(200)
  expect((await as(client, '/m/no-such-page', IPHONE)).status).toBe(404)
  // The footer of the desktop page links 手机版.
  const footer = await (await as(createClient(baseUrl), '/', DESKTOP)).text()
  expect(footer).toMatch(/<footer class="site-footer">[\s\S]*<a href="\/m\?layout=mobile"[^>]*>手机版<\/a>/)
})

test('/sw.js is a script of our origin allowed the whole origin, versioned by the build, never caching /api or non-GET', async () => {
  const response = await fetch(new URL('/sw.js', baseUrl))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  expect(response.headers.get('service-worker-allowed')).toBe('/')
  expect(response.headers.get('cache-control')).toBe('no-cache')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  const source = await response.text()
  // Its caches carry the build's version: the one in the name of the build's route manifest.
  const version = /"version":"([0-9a-f]{8})"/.exec(source)![1]!
  expect(readdirSync(join(import.meta.dirname, '..', '..', 'build', 'client', 'assets'))).toContain(`manifest-${version}.js`)
  expect(source).toContain("url.pathname.startsWith('/api/')) return")
  expect(source).toContain("request.method !== 'GET'")
  expect(source).toContain('网络已断开')
  // It parses as a script.
  expect(() => new Function(source)).not.toThrow()
  // Every page names its viewer for the worker: guests as such, a user by an opaque tag.
  const guestPage = await fetch(new URL('/help', baseUrl))
  expect(guestPage.headers.get('x-qiye-viewer')).toBe('guest')
  const { client } = await signInDemo(baseUrl)
  const tag = (await client.request('/help')).headers.get('x-qiye-viewer')
  expect(tag).toMatch(/^[\w-]{22}$/)
  expect((await client.request('/m')).headers.get('x-qiye-viewer')).toBe(tag)
  // The page script registers it (production builds only: the server runs as one here).
  expect(await (await fetch(new URL('/help', baseUrl))).text()).toContain("register('/sw.js',{scope:'/'})")
})

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true)
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('the web manifest is valid for install: names, start_url, standalone, colours, 192 and 512 icons and a maskable one of the declared sizes', async () => {
  const response = await fetch(new URL('/manifest.webmanifest', baseUrl))
  expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
  const manifest = (await response.json()) as Record<string, any>
  expect(manifest.name).toBeTruthy()
  expect(manifest.short_name).toBeTruthy()
  expect(new URL(manifest.start_url, baseUrl).origin).toBe(new URL(baseUrl).origin)
  expect(manifest.display).toBe('standalone')
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[]
  for (const size of ['192x192', '512x512']) expect(icons.some((icon) => icon.sizes === size && (icon.purpose ?? 'any').includes('any')), size).toBe(true)
  expect(icons.some((icon) => icon.purpose?.includes('maskable'))).toBe(true)
  for (const icon of icons) {
    const file = await fetch(new URL(icon.src, baseUrl))
    expect(file.status, icon.src).toBe(200)
    expect(file.headers.get('content-type')).toBe(icon.type)
    const [width] = icon.sizes.split('x')
    expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toBe(`${width}x${width}`)
  }
  // Every page links it.
  expect(await (await fetch(new URL('/m', baseUrl))).text()).toContain('rel="manifest" href="/manifest.webmanifest"')
})

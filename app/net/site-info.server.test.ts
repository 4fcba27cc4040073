import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import iconv from 'iconv-lite'
import { expect, test } from 'vitest'
import { DomainError } from '#app/utils/errors.ts'
import { countingNetwork, useSites } from '#tests/fixtures/net/loopback.ts'
import { createSafeFetcher, FETCH_NO_ANSWER_MSG, FETCH_NOT_FOUND_MSG, FetchRefusedError } from './safe-fetch.server.ts'
import { fetchRemoteIcon, fetchSiteInfo, ICON_REFUSED_MSG } from './site-info.server.ts'

const startSite = useSites()
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const ICO = Buffer.from([0, 0, 1, 0])
const png = (name: string) => Buffer.concat([PNG, Buffer.from(name)])
const ico = (name: string) => Buffer.concat([ICO, Buffer.from(name)])

/** Test double of the image store: PNG/ICO magic bytes only, src named by content. */
async function saveIcon(bytes: Buffer): Promise<string> {
  if (!bytes.subarray(0, 8).equals(PNG) && !bytes.subarray(0, 4).equals(ICO)) throw new Error('not an image')
  return `/uploads/${createHash('sha256').update(bytes).digest('hex')}`
}
const srcOf = (bytes: Buffer) => `/uploads/${createHash('sha256').update(bytes).digest('hex')}`

type Route = Buffer | string | ((res: ServerResponse) => void)

/** http://site.test/… serving `routes` (strings as UTF-8 HTML, buffers by their magic), 404 otherwise. */
async function site(routes: Record<string, Route>) {
  const server = await startSite((req, res) => {
    const route = routes[req.url!]
    if (route === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' })
      return res.end('not found')
    }
    if (typeof route === 'function') return route(res)
    const type = typeof route === 'string' ? 'text/html; charset=utf-8' : route.subarray(0, 4).equals(ICO) ? 'image/x-icon' : 'image/png'
    res.writeHead(200, { 'Content-Type': type })
    res.end(route)
  })
  const { network, dialled } = countingNetwork({
    'site.test': { address: '93.184.216.34', port: server.port },
    'internal.test': { address: '10.0.0.1' },
  })
  const paths = () => server.requests.map((r) => r.url)
  return { fetch: createSafeFetcher(network), dialled, paths }
}

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
const raw = (type: string, body: Buffer) => (res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': type })
  res.end(body)
}

test('GBK and Big5 titles are decoded from the header charset, a <meta>, or by fallback', async () => {
  const gbkPage = (head = '') => iconv.encode(`<html><head>${head}<title>中文网站 – 首页</title></head></html>`, 'gbk')
  const { fetch } = await site({
    '/header': raw('text/html; charset=GBK', gbkPage()),
    '/meta': raw('text/html', gbkPage('<meta charset="gb2312">')),
    '/http-equiv': raw('text/html', gbkPage('<meta http-equiv="Content-Type" content="text/html; charset=gbk">')),
    '/undeclared': raw('text/html', gbkPage()),
    '/big5': raw('text/html', iconv.encode('<html><head><meta charset="big5"><title>繁體中文網站</title></head></html>', 'big5')),
    '/bom': raw('text/html; charset=gbk', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<title>带 BOM 的页面</title>')])),
    '/unknown': raw('text/html; charset=no-such-charset', Buffer.from('<title>未知编码</title>')),
    // U+3400 exists only in GB18030's four-byte range: "gbk" is decoded as its superset.
    '/four-byte': raw('text/html; charset=gbk', iconv.encode('<title>㐀字</title>', 'gb18030')),
  })
  for (const path of ['/header', '/meta', '/http-equiv', '/undeclared']) {
    expect((await fetchSiteInfo(fetch, `http://site.test${path}`, saveIcon)).title).toBe('中文网站 – 首页')
  }
  expect((await fetchSiteInfo(fetch, 'http://site.test/big5', saveIcon)).title).toBe('繁體中文網站')
  expect((await fetchSiteInfo(fetch, 'http://site.test/bom', saveIcon)).title).toBe('带 BOM 的页面')
  expect((await fetchSiteInfo(fetch, 'http://site.test/unknown', saveIcon)).title).toBe('未知编码')
  expect((await fetchSiteInfo(fetch, 'http://site.test/four-byte', saveIcon)).title).toBe('㐀字')
})

test('a title with markup and 5000 characters is stored as plain text of at most 100 characters', async () => {
  const long = '长'.repeat(5000)
  const { fetch } = await site({
    '/markup': page(`<title>\n  A &amp; B <script>alert(1)</script>\u202e\u0007 ${long}</title>`),
    '/emoji': page(`<title>${'😀'.repeat(150)}</title>`),
    '/og': page('<meta property="og:title" content="  Open &lt;Graph&gt;  名称 ">'),
    '/empty': page('<title>   </title><meta property="og:title" content="备用名称">'),
    '/body-title': '<html><head></head><body><title>not the head</title></body></html>',
    '/implied-body': '<meta charset="utf-8"><div>正文<svg><title>图表</title></svg></div>',
  })
  const { title } = await fetchSiteInfo(fetch, 'http://site.test/markup', saveIcon)
  expect(title).toBe(`A & B <script>alert(1)</script> ${long}`.slice(0, 100))
  expect(title).not.toMatch(/[\u202e\u0007\n]/)
  expect(Array.from((await fetchSiteInfo(fetch, 'http://site.test/emoji', saveIcon)).title)).toHaveLength(100)
  expect((await fetchSiteInfo(fetch, 'http://site.test/og', saveIcon)).title).toBe('Open <Graph> 名称')
  expect((await fetchSiteInfo(fetch, 'http://site.test/empty', saveIcon)).title).toBe('备用名称')
  expect((await fetchSiteInfo(fetch, 'http://site.test/body-title', saveIcon)).title).toBe('')
  expect((await fetchSiteInfo(fetch, 'http://site.test/implied-body', saveIcon)).title).toBe('')
})

test('an icon link to a private address is refused by the fetcher; the title still comes back', async () => {
  const { fetch, dialled, paths } = await site({
    '/': page('<title>图标在内网</title><link rel="icon" href="http://10.0.0.5/x.png"><link rel="apple-touch-icon" href="http://internal.test/a.png">'),
  })
  expect(await fetchSiteInfo(fetch, 'http://site.test/', saveIcon)).toEqual({ title: '图标在内网', icon: null })
  expect(dialled.every((address) => address === '93.184.216.34')).toBe(true)
  expect(paths()).toEqual(['/', '/favicon.ico'])
})

test('apple-touch-icon (largest up to 256) comes before rel icon and /favicon.ico', async () => {
  const apple = png('apple-180')
  const { fetch, paths } = await site({
    '/': page(
      '<title>苹果</title><link rel="shortcut icon" href="/favicon.ico"><link rel="icon" sizes="32x32" href="/32.png">' +
        '<link rel="apple-touch-icon" sizes="512x512" href="/apple-512.png"><link rel="apple-touch-icon-precomposed" sizes="180x180" href="/apple-180.png">',
    ),
    '/apple-180.png': apple,
    '/apple-512.png': png('apple-512'),
    '/32.png': png('32'),
    '/favicon.ico': ico('favicon'),
  })
  expect(await fetchSiteInfo(fetch, 'http://site.test/', saveIcon)).toEqual({ title: '苹果', icon: srcOf(apple) })
  expect(paths()).toEqual(['/', '/apple-180.png'])
})

test('rel icons: largest known size up to 256 first, unknown sizes after, SVG/data/javascript skipped', async () => {
  const { fetch, paths } = await site({
    '/': page(
      '<link rel="icon" href="/unknown.png"><link rel="icon" type="image/svg+xml" href="/vector"><link rel="icon" href="/v.SVG">' +
        '<link rel="mask-icon" href="/mask.png"><link rel="icon" href="data:image/png;base64,iVBORw0KGgo="><link rel="icon" href="javascript:alert(1)">' +
        '<link rel="icon" sizes="16x16" href="/16.png"><link rel="icon" sizes="16x16 48x48 1024x1024" href="/48.ico"><link rel="icon" sizes="any" href="/any.png">',
    ),
    '/48.ico': ico('48'),
    '/large': page('<link rel="icon" href="/unknown.png"><link rel="icon" sizes="512x512" href="/512.png">'),
    '/unknown.png': png('unknown'),
    '/512.png': png('512'),
  })
  const { icon } = await fetchSiteInfo(fetch, 'http://site.test/', saveIcon)
  expect(icon).toBe(srcOf(ico('48')))
  expect(paths()).toEqual(['/', '/48.ico'])
  // A known size, even one over 256, before an unknown one.
  expect((await fetchSiteInfo(fetch, 'http://site.test/large', saveIcon)).icon).toBe(srcOf(png('512')))
})

test('SVG, mask, data: and javascript: icon links are never fetched', async () => {
  const { fetch, paths } = await site({
    '/': page(
      '<link rel="icon" type="image/svg+xml" href="/vector"><link rel="icon" href="/v.SVG?x=1"><link rel="mask-icon" href="/mask.png">' +
        '<link rel="icon" href="data:image/png;base64,iVBORw0KGgo="><link rel="icon" href="javascript:alert(1)">',
    ),
  })
  expect((await fetchSiteInfo(fetch, 'http://site.test/', saveIcon)).icon).toBeNull()
  expect(paths()).toEqual(['/', '/favicon.ico'])
})

test('no icon links: /favicon.ico of the final origin, after redirects', async () => {
  const favicon = ico('favicon')
  const { fetch, paths } = await site({
    '/old': (res) => {
      res.writeHead(301, { Location: 'http://site.test/new/page' })
      res.end()
    },
    '/new/page': page('<title>没有图标链接</title>'),
    '/favicon.ico': favicon,
  })
  expect(await fetchSiteInfo(fetch, 'http://site.test/old', saveIcon)).toEqual({ title: '没有图标链接', icon: srcOf(favicon) })
  expect(paths()).toEqual(['/old', '/new/page', '/favicon.ico'])
})

test('relative icon links resolve against the final URL and <base href>', async () => {
  const { fetch, paths } = await site({
    '/start': (res) => {
      res.writeHead(302, { Location: '/dir/page' })
      res.end()
    },
    '/dir/page': page('<link rel="icon" href="i.png">'),
    '/dir/i.png': png('dir'),
    '/based': page('<base href="/assets/"><link rel="icon" href="i.png">'),
    '/assets/i.png': png('assets'),
  })
  expect((await fetchSiteInfo(fetch, 'http://site.test/start', saveIcon)).icon).toBe(srcOf(png('dir')))
  expect((await fetchSiteInfo(fetch, 'http://site.test/based', saveIcon)).icon).toBe(srcOf(png('assets')))
  expect(paths()).toEqual(['/start', '/dir/page', '/dir/i.png', '/based', '/assets/i.png'])
})

test('manifest icons are used after link icons, resolved against the manifest', async () => {
  const icon192 = png('192')
  const { fetch, paths } = await site({
    '/': page('<title>应用</title><link rel="manifest" href="/app/site.webmanifest"><link rel="icon" href="/broken.png">'),
    '/broken.png': 'not an image',
    '/app/site.webmanifest': JSON.stringify({
      icons: [
        { src: 'icon.svg', sizes: '192x192', type: 'image/svg+xml' },
        { src: 'icons/512.png', sizes: '512x512' },
        { src: 'icons/192.png', sizes: '192x192', type: 'image/png' },
      ],
    }),
    '/app/icons/192.png': icon192,
    '/favicon.ico': ico('favicon'),
  })
  expect(await fetchSiteInfo(fetch, 'http://site.test/', saveIcon)).toEqual({ title: '应用', icon: srcOf(icon192) })
  expect(paths()).toEqual(['/', '/broken.png', '/app/site.webmanifest', '/app/icons/192.png'])
})

test('at most 4 icon addresses are tried; when none is an image the icon is null', async () => {
  // The same address twice is fetched once.
  const links = [0, 0, 1, 2, 3, 4, 5].map((i) => `<link rel="icon" href="/bad-${i}.png">`).join('')
  const bad = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`/bad-${i}.png`, '<html>not an image</html>']))
  const { fetch, paths } = await site({ '/': page(`<title>坏图标</title>${links}`), ...bad })
  expect(await fetchSiteInfo(fetch, 'http://site.test/', saveIcon)).toEqual({ title: '坏图标', icon: null })
  expect(paths()).toEqual(['/', '/bad-0.png', '/bad-1.png', '/bad-2.png', '/bad-3.png'])
})

test('a refused page fetch throws the fetcher error', async () => {
  const { fetch } = await site({})
  await expect(fetchSiteInfo(fetch, 'http://internal.test/', saveIcon)).rejects.toBeInstanceOf(FetchRefusedError)
  await expect(fetchSiteInfo(fetch, 'http://site.test/missing', saveIcon)).rejects.toBeInstanceOf(FetchRefusedError)
})

test('fetchRemoteIcon: an image address, a page address, or one message for anything else', async () => {
  const logo = png('logo')
  const { fetch, dialled } = await site({
    '/logo.png': logo,
    '/page': page('<link rel="apple-touch-icon" href="/logo.png">'),
    '/no-icons': page('<title>无图标</title>'),
    '/text': (res) => raw('text/plain', Buffer.from('plain'))(res),
    '/redirect-internal': (res) => {
      res.writeHead(302, { Location: 'http://127.0.0.1:6379/' })
      res.end()
    },
  })
  expect(await fetchRemoteIcon(fetch, 'http://site.test/logo.png', saveIcon)).toBe(srcOf(logo))
  expect(await fetchRemoteIcon(fetch, 'http://site.test/page', saveIcon)).toBe(srcOf(logo))
  // A site that answered without a usable icon (or with an error page) refuses us the icon.
  for (const url of ['http://site.test/no-icons', 'http://site.test/text', 'http://site.test/missing']) {
    const error = await fetchRemoteIcon(fetch, url, saveIcon).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DomainError)
    expect((error as Error).message).toBe(ICON_REFUSED_MSG)
  }
  // An internal target, direct or by redirect, is told like one that does not answer; a name that does not exist, as such.
  for (const url of ['http://site.test/redirect-internal', 'http://10.0.0.5/x.png']) {
    expect(((await fetchRemoteIcon(fetch, url, saveIcon).catch((e: unknown) => e)) as Error).message).toBe(FETCH_NO_ANSWER_MSG)
  }
  expect(((await fetchRemoteIcon(fetch, 'http://nowhere.test/x.png', saveIcon).catch((e: unknown) => e)) as Error).message).toBe(FETCH_NOT_FOUND_MSG)
  expect(dialled.every((address) => address === '93.184.216.34')).toBe(true)
})

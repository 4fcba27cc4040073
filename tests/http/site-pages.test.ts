import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { request as httpRequest } from 'node:http'
import { readFileSync } from 'node:fs'
import { get, ok, post, signUp } from './content-helpers.ts'
import { png, RED, BLUE } from '#tests/fixtures/images.ts'

/**
 * The site's own pages of issue 25: /help (with the reader's shortcuts), /user, the footer's
 * links, /ai, /friend-links, /changelog, the sitemap (HTML and XML), robots.txt and /upload.
 */

const baseUrl = inject('baseUrl')

const footerOf = (html: string) => {
  const start = html.indexOf('<footer class="site-footer"')
  return [...html.slice(start, html.indexOf('</footer>', start)).matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)</g)].map(([, to, label]) => [label, to])
}

test('the footer leads to 帮助, 插件, 友情链接, 更新日志, 网站地图 and the legal pages, and each answers with its page', async () => {
  const guest = createClient(baseUrl)
  const links = footerOf(await (await guest.request('/')).text())
  expect(links).toEqual(
    expect.arrayContaining([
      ['帮助', '/help'],
      ['插件', '/plugin'],
      ['友情链接', '/friend-links'],
      ['更新日志', '/changelog'],
      ['网站地图', '/sitemap.html'],
      ['服务条款', '/terms'],
      ['隐私政策', '/privacy'],
    ]),
  )
  for (const [, to] of links) expect((await guest.request(to!)).status, to).toBe(200)
})

test('/help shows the shortcuts as the reader has set them: the defaults for a guest', async () => {
  const guest = await (await createClient(baseUrl).request('/help')).text()
  expect(guest).toContain('<kbd>Ctrl + K</kbd>')
  expect(guest).toContain('<kbd>Ctrl + B</kbd>')
  expect(guest).toContain('默认快捷键')
  const user = await signUp(baseUrl, `帮助${Math.random().toString(36).slice(2, 6)}`)
  await ok(post(user.client, '/api/site/save-keymap', { key: 'searchKeymap', value: 'j' }))
  const own = await (await user.client.request('/help')).text()
  expect(own).toContain('<kbd>Ctrl + J</kbd>')
  expect(own).not.toContain('<kbd>Ctrl + K</kbd>')
})

test('/user opens the user centre on its account page', async () => {
  const response = await createClient(baseUrl).request('/user')
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/user/account')
})

const page = async (path: string, client = createClient(baseUrl)) => {
  const response = await client.request(path)
  expect(response.status, path).toBe(200)
  return response.text()
}

test('/ai: a form of the AI search engines that works without JavaScript; it sends the reader on to the chosen one only', async () => {
  const html = await page('/ai')
  expect(html).toContain('<h1>AI 搜索</h1>')
  const form = /<form [^>]*>/.exec(html.slice(html.indexOf('<main')))![0]
  expect(form).toContain('action="/ai"')
  expect(form).toContain('method="get"')
  expect(html).toMatch(/<input type="radio" name="engine"[^>]* value="metaso"\/>/)
  const guest = createClient(baseUrl)
  const go = await guest.request('/ai?engine=metaso&q=' + encodeURIComponent('起页是什么 & 为什么'))
  expect(go.status).toBe(302)
  expect(go.headers.get('location')).toBe('https://metaso.cn/?q=' + encodeURIComponent('起页是什么 & 为什么').replace(/%20/g, '+'))
  // Not an open redirect: an engine that is not ours, or no question, stays here with the message.
  for (const query of ['engine=https://evil.example/&q=x', 'engine=metaso&q=', 'engine=metaso&q=%20']) {
    const refused = await guest.request(`/ai?${query}`)
    expect(refused.status, query).toBe(400)
    expect(refused.headers.get('location'), query).toBeNull()
  }
})

test('/friend-links lists related sites, each opening with rel="noopener"', async () => {
  const html = await page('/friend-links')
  expect(html).toContain('<h1>友情链接</h1>')
  const external = [...html.matchAll(/<a href="(https:\/\/[^"]+)"([^>]*)>/g)]
  expect(external.length).toBeGreaterThanOrEqual(10)
  for (const [, , attributes] of external) expect(attributes).toContain('rel="noopener"')
})

test('/changelog is CHANGELOG.md: every release, newest first, with its changes', async () => {
  const html = await page('/changelog')
  const markdown = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8')
  const releases = [...markdown.matchAll(/^## (\d{4}-\d{2}-\d{2}) · (.+)$/gm)]
  expect(releases.length).toBeGreaterThanOrEqual(10)
  const shown = [...html.matchAll(/<time dateTime="([^"]+)">/g)].map((m) => m[1])
  expect(shown).toEqual(releases.map((m) => m[1]))
  expect([...shown].sort().reverse()).toEqual(shown)
  expect(html).toContain('小组：和别人一起收集书签')
})

/** A GET with another Host header (fetch cannot send one). */
function getWithHost(path: string, host: string) {
  const { hostname, port } = new URL(baseUrl)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers: { Host: host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Well-formed enough to trust: the declaration, balanced tags, and no bare & or < in any text. */
function expectWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true)
  const stack: string[] = []
  for (const [, close, name] of xml.slice(xml.indexOf('?>') + 2).matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (close) expect(stack.pop()).toBe(name)
    else stack.push(name!)
  }
  expect(stack).toEqual([])
  for (const text of xml.replace(/<[^>]+>/g, '\n').split('\n')) expect(text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)|</)
}

test('the sitemap lists public homepages and shared categories only, in HTML and XML, on our origin whatever the Host', async () => {
  const owner = await signUp(baseUrl, '地图主人')
  const code = `map-${Math.random().toString(36).slice(2, 8)}`
  // A second homepage (the first, the default one, cannot go to the trash).
  const mapId = (await ok(post(owner.client, '/api/homepage/add', { title: '地图<主页>&', icon: 'tabler:home', code }))).id as number
  const bags = await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId }))
  const moduleId = bags[0].value as number
  const shared = (await ok(post(owner.client, '/api/bag/add', { moduleId, name: '分享<的>', icon: 'tabler:tool' }))).bid as number
  const unshared = (await ok(post(owner.client, '/api/bag/add', { moduleId, name: '不分享的', icon: 'tabler:tool' }))).bid as number
  const trashed = (await ok(post(owner.client, '/api/bag/add', { moduleId, name: '删掉的', icon: 'tabler:tool' }))).bid as number
  await ok(post(owner.client, '/api/bag/share', { bid: shared }))
  await ok(post(owner.client, '/api/bag/share', { bid: trashed }))
  await ok(post(owner.client, '/api/bag/delete', { bid: trashed }))

  const listed = async () => {
    const index = await createClient(baseUrl).request('/sitemap.xml')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const indexXml = await index.text()
    expectWellFormedXml(indexXml)
    const pages = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(pages[0]).toBe(`${baseUrl}/sitemap.xml?page=1`)
    const urls: string[] = []
    for (const at of pages) {
      const xml = await page(at.slice(baseUrl.length))
      expectWellFormedXml(xml)
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!))
    }
    return urls
  }
  let urls = await listed()
  // The homepage is not public yet.
  expect(urls).not.toContain(`${baseUrl}/${code}`)
  expect(urls).toContain(`${baseUrl}/collection/${shared}`)
  expect(urls).not.toContain(`${baseUrl}/collection/${unshared}`)
  expect(urls).not.toContain(`${baseUrl}/collection/${trashed}`)
  expect(urls).toContain(`${baseUrl}/demo`)

  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: mapId }))
  urls = await listed()
  expect(urls).toContain(`${baseUrl}/${code}`)

  // The page: the same entries, names escaped, and the pager's page numbers checked.
  const html = await page('/sitemap.html')
  expect(html).toMatch(new RegExp(`href="/${code}"[^>]*>地图&lt;主页&gt;&amp;</a>`))
  expect(html).toMatch(new RegExp(`href="/collection/${shared}"[^>]*>分享&lt;的&gt;</a>`))
  expect(html).not.toContain(`href="/collection/${unshared}"`)
  expect(html).not.toContain(`href="/collection/${trashed}"`)
  for (const bad of ['?page=0', '?page=x', '?page=99999']) expect((await createClient(baseUrl).request(`/sitemap.html${bad}`)).status, bad).toBe(404)
  expect((await createClient(baseUrl).request('/sitemap.xml?page=99999')).status).toBe(404)

  // Trashed: gone from both.
  await ok(post(owner.client, '/api/homepage/delete', { homepageId: mapId }))
  urls = await listed()
  expect(urls).not.toContain(`${baseUrl}/${code}`)
  expect(await page('/sitemap.html')).not.toContain(`href="/${code}"`)

  // A hostile Host changes nothing: the origin is APP_ORIGIN's.
  for (const path of ['/sitemap.xml', '/sitemap.xml?page=1', '/robots.txt']) {
    const { status, body } = await getWithHost(path, 'evil.example')
    expect(status, path).toBe(200)
    expect(body, path).not.toContain('evil.example')
  }
  const robots = await page('/robots.txt')
  expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`)
  expect(robots).toContain('Disallow: /api/')
})

/** Posts /upload's form (multipart, as the page's own form sends it). */
async function uploadForm(client: ReturnType<typeof createClient>, fields: Record<string, string | Blob>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return client.request('/upload', { method: 'POST', headers: client.sameOrigin, body: form })
}

test('/upload: a guest signs in first; the user sees their uploads with kind, size and use, uploads an icon without JavaScript, and deletes only an unused one of theirs', async () => {
  const guest = await createClient(baseUrl).request('/upload')
  expect(guest.status).toBe(302)
  expect(guest.headers.get('location')).toBe('/login?redirectTo=%2Fupload')

  const user = await signUp(baseUrl, '上传的人')
  expect(await page('/upload', user.client)).toContain('还没有上传过图片。')
  const sent = await uploadForm(user.client, { intent: 'upload', iconFile: new Blob([await png(64, 64, RED)], { type: 'image/png' }) })
  expect(sent.status).toBe(302)
  const other = await uploadForm(user.client, { intent: 'upload', iconFile: new Blob([await png(32, 32, BLUE)], { type: 'image/png' }) })
  expect(other.status).toBe(302)
  let html = await page('/upload', user.client)
  const names = [...html.matchAll(/name="name" value="([0-9a-f]{32}\.png)"/g)].map((m) => m[1]!)
  expect(names).toHaveLength(2)
  expect(html).toContain('<dd>图标</dd>')
  expect(html).toMatch(/<dd>\d+(\.\d)? (B|KB)<\/dd>/)
  expect(html).toContain('已上传（2）')

  // One becomes a category's icon: 用在 分类图标, and it can no longer be deleted.
  const [used, unused] = names as [string, string]
  const bags = await ok(get(user.client, '/api/bag/get-create', { homepageId: user.homepageId }))
  await ok(post(user.client, '/api/bag/add', { moduleId: bags[0].value, name: '有图标的', icon: `/uploads/${used}` }))
  html = await page('/upload', user.client)
  expect(html).toContain('<dd>分类图标</dd>')
  expect(html).not.toContain(`name="name" value="${used}"`)
  const refused = await uploadForm(user.client, { intent: 'delete', name: used })
  expect(refused.status).toBe(302)
  expect((await createClient(baseUrl).request(`/uploads/${used}`)).status).toBe(200)

  // Someone else cannot delete theirs, nor see it.
  const stranger = await signUp(baseUrl, '别人')
  expect(await page('/upload', stranger.client)).not.toContain(unused)
  await uploadForm(stranger.client, { intent: 'delete', name: unused })
  expect((await createClient(baseUrl).request(`/uploads/${unused}`)).status).toBe(200)

  // The owner can: the file is gone.
  expect((await uploadForm(user.client, { intent: 'delete', name: unused })).status).toBe(302)
  expect((await createClient(baseUrl).request(`/uploads/${unused}`)).status).toBe(404)
  html = await page('/upload', user.client)
  expect(html).toContain('已上传（1）')

  // Not an image, or too large: the message beside the field, HTTP 400 / 413, nothing stored.
  const text = await uploadForm(user.client, { intent: 'upload', iconFile: new Blob(['<svg/>'], { type: 'image/svg+xml' }) })
  expect(text.status).toBe(400)
  expect(await text.text()).toContain('id="upload-error"')
  const big = await uploadForm(user.client, { intent: 'upload', iconFile: new Blob([new Uint8Array(600 * 1024)], { type: 'image/png' }) })
  expect(big.status).toBe(413)
  expect(await big.text()).toContain('文件大小不能超过500KB')
  // No file, only an address where the stored one would go: nothing to upload.
  const none = await uploadForm(user.client, { intent: 'upload', icon: `/uploads/${unused}` })
  expect(none.status).toBe(400)
  expect(await none.text()).toContain('请选择要上传的图片')
  expect(await page('/upload', user.client)).toContain('已上传（1）')
})

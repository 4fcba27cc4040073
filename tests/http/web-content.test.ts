import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, signUp } from './content-helpers.ts'

/**
 * The site-name-and-icon and remote-icon calls against the built server. "Other sites" are the
 * loopback servers of tests/sites/site-server.ts, reached as http://site.test through the test
 * network; intranet.test resolves to 10.0.0.1. The fetcher's own battery (bombs, trickles,
 * redirect loops) is in app/net/*.test.ts.
 */

const baseUrl = inject('baseUrl')
/** One message for every unreachable target: no port-scan oracle (SECURITY.md §4 D33). */
const REFUSED = '无法获取该网址的内容'

async function stored(client: ReturnType<typeof createClient>, src: string) {
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/)
  const response = await client.request(src)
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('image/png')
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(response.headers.get('Content-Security-Policy')).toMatch(/sandbox/)
  return Buffer.from(await response.arrayBuffer())
}

test('get-web-content: the title of a GBK page, decoded, and its icon stored on our side', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  const { body } = await get(client, '/api/source/get-web-content', { site_url: 'http://site.test/gbk' })
  expect(body).toMatchObject({ code: 1, data: { title: '中文网站 GBK 编码', name: '中文网站 GBK 编码' } })
  expect(body.data.iconSrc).toBe(body.data.icon)
  const png = await stored(client, body.data.icon)
  expect(png.subarray(1, 4).toString()).toBe('PNG')
})

test('get-web-content: the spec messages for a missing or non-http address', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  expect((await get(client, '/api/source/get-web-content')).body).toMatchObject({ code: 0, msg: '请输入网址地址URL' })
  expect((await get(client, '/api/source/get-web-content', { site_url: ' ' })).body).toMatchObject({ code: 0, msg: '请输入网址地址URL' })
  for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<b>x</b>', 'ftp://site.test/']) {
    expect((await get(client, '/api/source/get-web-content', { site_url: bad })).body).toMatchObject({ code: 0, msg: '请输入http或https开头的链接' })
  }
})

test('get-web-content refuses internal targets with one message, before and after redirects', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  const targets = [
    'http://127.0.0.1/',
    'http://localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://0.0.0.0/',
    'http://intranet.test/',
    'http://site.test:6379/',
    'http://site.test/redirect-internal',
    'http://nowhere.test/',
  ]
  for (const site_url of targets) {
    const { status, body } = await get(client, '/api/source/get-web-content', { site_url })
    expect({ site_url, status, body }).toEqual({ site_url, status: 200, body: { code: 0, msg: REFUSED, data: null } })
  }
})

test('get-web-content: an icon link into a private network is not followed; the title still comes back', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  const { body } = await get(client, '/api/source/get-web-content', { site_url: 'http://site.test/private-icon' })
  expect(body).toMatchObject({ code: 1, data: { title: '图标在内网' } })
  // No icon of the page is usable, so the site's /favicon.ico (public) is taken instead, or none.
  expect(body.data.icon === '' || /^\/uploads\//.test(body.data.icon)).toBe(true)
})

test('crawler-remote-icon: an image address or a site; SVG never; messages of the spec', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  const image = await get(client, '/api/source/crawler-remote-icon', { url: 'http://site.test/logo.png' })
  expect(image.body).toMatchObject({ code: 1 })
  expect(image.body.data.key).toBe(image.body.data.src)
  await stored(client, image.body.data.src)

  const site = await get(client, '/api/source/crawler-remote-icon', { url: 'http://site.test/' })
  expect(site.body).toMatchObject({ code: 1 })
  expect(site.body.data.src).toMatch(/^\/uploads\//)

  expect((await get(client, '/api/source/crawler-remote-icon', { url: 'http://site.test/svg-icon.svg' })).body).toMatchObject({
    code: 0,
    msg: '获取失败，对方网站禁止抓取图标',
  })
  expect((await get(client, '/api/source/crawler-remote-icon')).body).toMatchObject({ code: 0, msg: '请输入远程图标地址' })
  // Whatever failed (here: an internal address), the remote icon dialog says the one thing.
  expect((await get(client, '/api/source/crawler-remote-icon', { url: 'http://169.254.169.254/' })).body).toMatchObject({
    code: 0,
    msg: '获取失败，对方网站禁止抓取图标',
  })
})

test('guests may not make the server fetch anything', async () => {
  const guest = createClient(baseUrl)
  for (const path of ['/api/source/get-web-content?site_url=http://site.test/', '/api/source/crawler-remote-icon?url=http://site.test/logo.png']) {
    const { status, body } = await guest.api(path)
    expect(status).toBe(403)
    expect(body).toMatchObject({ code: -1, msg: '请先登录' })
  }
})

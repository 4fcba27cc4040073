import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { FILL_LINK_INTENT } from '#app/components/manage/link-form.tsx'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * The site-name-and-icon and remote-icon calls against the built server. "Other sites" are the
 * loopback servers of tests/sites/site-server.ts, reached as http://site.test through the test
 * network; intranet.test resolves to 10.0.0.1. The fetcher's own battery (bombs, trickles,
 * redirect loops) is in app/net/*.test.ts.
 */

const baseUrl = inject('baseUrl')
/**
 * One message for an internal address, a closed port and a timeout: no port-scan oracle
 * (SECURITY.md §4 D33). A name whose only addresses are internal is told like a name that does
 * not exist, so the answers do not tell which internal names exist either (ADR 027).
 */
const NO_ANSWER = '获取失败，对方网站无法访问或没有及时响应'
const NOT_FOUND = '获取失败，找不到该网站，请检查网址是否正确'

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

test('get-web-content refuses internal targets like unreachable or missing ones, before and after redirects', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  const targets: [string, string][] = [
    ['http://127.0.0.1/', NO_ANSWER],
    ['http://[::1]/', NO_ANSWER],
    ['http://[::ffff:127.0.0.1]/', NO_ANSWER],
    ['http://169.254.169.254/latest/meta-data/', NO_ANSWER],
    ['http://100.100.100.200/', NO_ANSWER],
    ['http://0.0.0.0/', NO_ANSWER],
    ['http://site.test:6379/', NO_ANSWER],
    ['http://site.test/redirect-internal', NO_ANSWER],
    // https to a site that speaks only http: a public host that does not answer as asked.
    ['https://site.test/', NO_ANSWER],
    ['http://localhost/', NOT_FOUND],
    ['http://intranet.test/', NOT_FOUND],
    ['http://nowhere.test/', NOT_FOUND],
    // No scheme: https:// is added, then the name is looked up.
    ['nowhere.test', NOT_FOUND],
  ]
  for (const [site_url, msg] of targets) {
    const { status, body } = await get(client, '/api/source/get-web-content', { site_url })
    expect({ site_url, status, body }).toEqual({ site_url, status: 200, body: { code: 0, msg, data: null } })
  }
})

test('get-web-content: a public site that refuses us is told with its status', async () => {
  const { client } = await signUp(baseUrl, '抓取用户')
  const { body } = await get(client, '/api/source/get-web-content', { site_url: 'http://site.test/no-such-page' })
  expect(body).toMatchObject({ code: 0, msg: '获取失败，对方网站拒绝了请求（HTTP 404）' })
})

test('an address without a scheme gets https://, at /api and in the page form; the name falls back to the host', async () => {
  const { client, homepageId } = await signUp(baseUrl, '抓取用户')
  const module = await ok(post(client, '/api/module/add', { homepageId, name: '网址', icon: 'tabler:star', moduleType: 0 }))
  const { bid } = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name: '无协议', icon: 'tabler:folder' }))
  const saved = await ok(post(client, '/api/source/add', { bid, sour_name: '百度', sour_url: 'www.baidu.com' }))
  expect(saved.url ?? saved.sour_url).toBe('https://www.baidu.com/')
  for (const bad of ['baidu', 'javascript:alert(1)', 'mailto:a@b.com']) {
    expect((await post(client, '/api/source/add', { bid, sour_name: '坏', sour_url: bad })).body).toMatchObject({ code: 0, msg: '请输入http或https开头的链接' })
  }

  // 获取 without JavaScript: the form comes back with the address as it will be saved, the host as
  // the name, and what went wrong beside the address.
  const page = await client.request(`/?index&dialog=add-link&bid=${bid}`, {
    method: 'POST',
    form: { intent: FILL_LINK_INTENT, bid: String(bid), url: 'nowhere.test/path', name: '' },
    headers: client.sameOrigin,
  })
  const html = await page.text()
  expect(html).toContain('value="https://nowhere.test/path"')
  expect(html).toContain('value="nowhere.test"')
  expect(html).toContain(NOT_FOUND)
  // A name already typed is kept.
  const typed = await client.request(`/?index&dialog=add-link&bid=${bid}`, {
    method: 'POST',
    form: { intent: FILL_LINK_INTENT, bid: String(bid), url: 'nowhere.test', name: '我起的名' },
    headers: client.sameOrigin,
  })
  const typedHtml = await typed.text()
  expect(typedHtml).toContain('value="我起的名"')
  expect(typedHtml).not.toContain('value="nowhere.test"')
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
  // A target that does not answer (here: an internal address) or cannot be found is told as such.
  expect((await get(client, '/api/source/crawler-remote-icon', { url: 'http://169.254.169.254/' })).body).toMatchObject({ code: 0, msg: NO_ANSWER })
  expect((await get(client, '/api/source/crawler-remote-icon', { url: 'http://nowhere.test/logo.png' })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
})

test('guests may not make the server fetch anything', async () => {
  const guest = createClient(baseUrl)
  for (const path of ['/api/source/get-web-content?site_url=http://site.test/', '/api/source/crawler-remote-icon?url=http://site.test/logo.png']) {
    const { status, body } = await guest.api(path)
    expect(status).toBe(403)
    expect(body).toMatchObject({ code: -1, msg: '请先登录' })
  }
})

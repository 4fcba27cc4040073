import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * Ctrl+K bookmark search over HTTP: GET /api/search/bookmark {wd, page, size}, the history calls,
 * and the /search page that serves it without JavaScript.
 */

const baseUrl = inject('baseUrl')

let owner: { client: Client; homepageId: number }
let other: { client: Client; homepageId: number }

async function addLink(client: Client, bid: number, name: string, url: string, note = '') {
  return ok(post(client, '/api/source/add', { sour_name: name, sour_url: url, note, bid }))
}

async function firstBid(client: Client, homepageId: number): Promise<number> {
  const tree = await ok(get(client, '/api/bag/get-create', { homepageId }))
  return tree[0].children[0].value
}

beforeAll(async () => {
  owner = await signUp(baseUrl, '搜索用户')
  other = await signUp(baseUrl, '别的用户')
  const bid = await firstBid(owner.client, owner.homepageId)
  await addLink(owner.client, bid, '百度', 'https://www.baidu.com/', '搜索引擎')
  await addLink(owner.client, bid, '天气预报', 'https://www.weather.com.cn/')
  await addLink(owner.client, bid, 'GitHub', 'https://github.com/', '代码托管')
  for (let i = 1; i <= 6; i++) await addLink(owner.client, bid, `测试网站 ${i}`, `https://t${i}.example/`)
  await addLink(other.client, await firstBid(other.client, other.homepageId), '别人的百度', 'https://other.example/')
})

describe('GET /api/search/bookmark', () => {
  test('2-character Chinese, pinyin initials and a URL fragment find the user’s own bookmarks', async () => {
    const baidu = await ok(get(owner.client, '/api/search/bookmark', { wd: '百度' }))
    expect(baidu).toMatchObject({ total: 1, page: 1, size: 5, hasMore: false })
    expect(baidu.list[0]).toMatchObject({
      name: '百度',
      url: 'https://www.baidu.com/',
      host: 'www.baidu.com',
      note: '搜索引擎',
      homepage: { id: owner.homepageId },
      module: { name: '常用' },
      category: { name: '常用网站' },
      folder: null,
    })
    expect((await ok(get(owner.client, '/api/search/bookmark', { wd: 'tqyb' }))).list.map((h: { name: string }) => h.name)).toEqual(['天气预报'])
    expect((await ok(get(owner.client, '/api/search/bookmark', { wd: 'github' }))).list.map((h: { name: string }) => h.name)).toEqual(['GitHub'])
    expect((await ok(get(other.client, '/api/search/bookmark', { wd: '百度' }))).list.map((h: { name: string }) => h.name)).toEqual(['别人的百度'])
  })

  test('5 a page by default, size and page as given', async () => {
    const first = await ok(get(owner.client, '/api/search/bookmark', { wd: '测试' }))
    expect(first).toMatchObject({ total: 6, page: 1, size: 5, hasMore: true })
    expect(first.list).toHaveLength(5)
    const second = await ok(get(owner.client, '/api/search/bookmark', { wd: '测试', page: 2 }))
    expect(second).toMatchObject({ total: 6, page: 2, hasMore: false })
    expect(second.list).toHaveLength(1)
    expect((await ok(get(owner.client, '/api/search/bookmark', { wd: '测试', size: 3 }))).list).toHaveLength(3)
    // Nonsense paging falls back to the defaults.
    expect(await ok(get(owner.client, '/api/search/bookmark', { wd: '测试', page: 'x', size: 'y' }))).toMatchObject({ page: 1, size: 5 })
  })

  test('an empty keyword is a failure with the message; a guest gets 403; a POST 405', async () => {
    expect((await get(owner.client, '/api/search/bookmark', { wd: ' ' })).body).toEqual({ code: 0, msg: '请输入搜索关键词', data: null })
    expect((await get(owner.client, '/api/search/bookmark')).body).toMatchObject({ code: 0, msg: '请输入搜索关键词' })
    const guest = await get(createClient(baseUrl), '/api/search/bookmark', { wd: '百度' })
    expect([guest.status, guest.body]).toEqual([403, { code: -1, msg: '请先登录', data: null }])
    expect((await post(owner.client, '/api/search/bookmark', { wd: '百度' })).status).toBe(405)
  })
})

describe('search history', () => {
  test('add-history, history (newest first, 8 kept), clear-history', async () => {
    const { client } = await signUp(baseUrl, '历史用户')
    expect(await ok(get(client, '/api/search/history'))).toEqual([])
    for (let i = 1; i <= 9; i++) await ok(post(client, '/api/search/add-history', { wd: `词${i}` }))
    await ok(post(client, '/api/search/add-history', { wd: '词3' }))
    expect(await ok(get(client, '/api/search/history'))).toEqual(['词3', '词9', '词8', '词7', '词6', '词5', '词4', '词2'])
    expect((await post(client, '/api/search/add-history', { wd: '' })).body).toMatchObject({ code: 0, msg: '请输入搜索关键词' })
    expect((await post(client, '/api/search/clear-history')).body).toEqual({ code: 1, msg: '操作成功', data: null })
    expect(await ok(get(client, '/api/search/history'))).toEqual([])
    // Another user's history is not touched.
    expect(await ok(get(owner.client, '/api/search/history'))).not.toContain('词3')
  })

  test('a guest’s history lives in a cookie for a year', async () => {
    const guest = createClient(baseUrl)
    const added = await guest.request('/api/search/add-history', { method: 'POST', body: JSON.stringify({ wd: '访客搜过' }), headers: { ...guest.sameOrigin, 'Content-Type': 'application/json' } })
    const cookie = added.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^qy_search_history=[^;]+;/)
    for (const part of ['Max-Age=31536000', 'Path=/', 'HttpOnly', 'SameSite=Lax']) expect(cookie).toContain(part)
    expect(await ok(get(guest, '/api/search/history'))).toEqual(['访客搜过'])
    await ok(post(guest, '/api/search/clear-history'))
    expect(await ok(get(guest, '/api/search/history'))).toEqual([])
  })

  test('changing the history from another site is refused', async () => {
    const foreign = await owner.client.api('/api/search/clear-history', { method: 'POST', json: {}, headers: { Origin: 'https://evil.example' } })
    expect(foreign.status).toBe(403)
  })
})

describe('the /search page (no JavaScript)', () => {
  test('the form, results grouped by homepage and category, 5 a page with 下一页, and the history', async () => {
    const page = await owner.client.request('/search?wd=%E6%B5%8B%E8%AF%95', { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/search"|<form[^>]*action="\/search"[^>]*method="get"/)
    expect(html).toContain('name="wd"')
    expect(html).toContain('找到 6 个书签')
    expect(html).toContain('常用 › 常用网站')
    expect(html.match(/class="search-hit"/g)).toHaveLength(5)
    // Each hit is the bookmark's own link: new tab, click counted as on the homepage.
    expect(html).toMatch(/<a class="search-hit" href="https:\/\/t\d\.example\/" target="_blank" rel="noopener noreferrer" ping="\/c\/\d+"/)
    expect(html).toMatch(/<a[^>]+href="\/search\?wd=%E6%B5%8B%E8%AF%95&amp;page=2"[^>]*>下一页<\/a>/)
    const second = await (await owner.client.request('/search?wd=%E6%B5%8B%E8%AF%95&page=2')).text()
    expect(second.match(/class="search-hit"/g)).toHaveLength(1)
    expect(second).toContain('上一页')
    // The search above went into the history, shown on the next page view.
    const again = await (await owner.client.request('/search')).text()
    expect(again).toMatch(/最近搜索[\s\S]*<a[^>]+href="\/search\?wd=%E6%B5%8B%E8%AF%95"[^>]*>测试<\/a>/)
  })

  test('清除 empties the history as a plain form', async () => {
    const { client } = await signUp(baseUrl, '清除历史')
    await ok(post(client, '/api/search/add-history', { wd: '要清除的' }))
    expect(await (await client.request('/search')).text()).toContain('>清除</button>')
    const cleared = await client.request('/search', { method: 'POST', form: { intent: 'clear-history' }, headers: client.sameOrigin })
    expect(cleared.status).toBe(302)
    expect(await ok(get(client, '/api/search/history'))).toEqual([])
  })

  test('nothing found reads 暂无搜索结果; an empty keyword gets the message', async () => {
    expect(await (await owner.client.request('/search?wd=%E9%87%8F%E5%AD%90')).text()).toContain('暂无搜索结果')
    expect(await (await owner.client.request('/search?wd=+')).text()).toContain('请输入搜索关键词')
  })

  test('a search from another site does not enter the history', async () => {
    const { client } = await signUp(baseUrl, '跨站用户')
    await client.request('/search?wd=planted', { headers: { 'Sec-Fetch-Site': 'cross-site' } })
    // A signed-in request that says nowhere where it comes from is not trusted either (origin-guard.server.ts).
    await client.request('/search?wd=unsure')
    expect(await ok(get(client, '/api/search/history'))).toEqual([])
  })

  test('a guest is sent to sign in and comes back to the search', async () => {
    const guest = createClient(baseUrl)
    const response = await guest.request('/search?wd=%E7%99%BE%E5%BA%A6')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent('/search?wd=%E7%99%BE%E5%BA%A6')}`)
    // The keyword is kept in the guest's history cookie; a keyword of control characters is none.
    expect(await ok(get(guest, '/api/search/history'))).toEqual(['百度'])
    expect((await guest.request('/search?wd=%01')).status).toBe(302)
    expect(await ok(get(guest, '/api/search/history'))).toEqual(['百度'])
  })

  test('the header’s search button is a link to the page', async () => {
    const html = await (await owner.client.request(`/`)).text()
    expect(html).toMatch(/<a[^>]+href="\/search"[^>]*>[\s\S]*?搜索书签<\/a>/)
  })
})

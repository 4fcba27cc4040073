import { expect, inject, test } from 'vitest'
import { uniqueEmail } from '#tests/db-utils.ts'
import { createClient } from './client.ts'

const baseUrl = inject('baseUrl')

async function signedIn() {
  const client = createClient(baseUrl)
  const on = await client.api('/api/sign/on', { method: 'POST', json: { user_nickname: '图标用户', user_email: uniqueEmail(), user_password: '六个中文密码' } })
  expect(on.body.code).toBe(1)
  return client
}

const keysOf = (body: { data: { list: { key: string }[] } }) => body.data.list.map((icon) => icon.key)

test('GET /api/bookmark/icon-category lists the library categories by Chinese name', async () => {
  const { status, headers, body } = await createClient(baseUrl).api('/api/bookmark/icon-category')
  expect(status).toBe(200)
  expect(headers.get('Cache-Control')).toBe('no-store')
  expect(body.code).toBe(1)
  expect(body.data[0]).toEqual({ id: 'common', name: '常用', type: 'font' })
  expect(body.data).toContainEqual({ id: 'arrows', name: '箭头', type: 'font' })
  for (const category of body.data) expect(category.name).toMatch(/[\u4e00-\u9fff]/)
})

test('GET /api/bookmark/icon-list by category, paged', async () => {
  const client = createClient(baseUrl)
  const { body } = await client.api('/api/bookmark/icon-list?id=common&size=3')
  expect(body).toEqual({
    code: 1,
    msg: '操作成功',
    data: {
      list: [
        { id: 'tabler:star', key: 'tabler:star', icon: '/resources/icons/tabler/star.svg', name: '星标', type: 'font' },
        { id: 'tabler:heart', key: 'tabler:heart', icon: '/resources/icons/tabler/heart.svg', name: '喜欢', type: 'font' },
        { id: 'tabler:bookmark', key: 'tabler:bookmark', icon: '/resources/icons/tabler/bookmark.svg', name: '书签', type: 'font' },
      ],
      total: expect.any(Number),
      page: 1,
      size: 3,
    },
  })
  const arrows = await client.api('/api/bookmark/icon-list?id=arrows')
  expect(arrows.body.data).toMatchObject({ page: 1, size: 60 })
  expect(arrows.body.data.list).toHaveLength(60)
  expect(arrows.body.data.total).toBeGreaterThan(60)
  const second = await client.api('/api/bookmark/icon-list?id=arrows&page=2')
  expect(keysOf(second.body)).not.toContain(keysOf(arrows.body)[0])

  expect((await client.api('/api/bookmark/icon-list?id=nope')).body).toEqual({ code: 0, msg: '图标分类不存在', data: null })
  expect((await client.api('/api/bookmark/icon-list?size=201')).body).toEqual({ code: 0, msg: '每页数量不能超过200', data: null })
  expect((await client.api('/api/bookmark/icon-list?page=0')).body).toEqual({ code: 0, msg: '页码不正确', data: null })
})

test('GET /api/bookmark/icon-list by keyword, in English or Chinese', async () => {
  const client = createClient(baseUrl)
  const english = await client.api('/api/bookmark/icon-list?keyword=star')
  expect(keysOf(english.body)[0]).toBe('tabler:star')
  const chinese = await client.api(`/api/bookmark/icon-list?keyword=${encodeURIComponent('星')}`)
  expect(keysOf(chinese.body)[0]).toBe('tabler:star')
  const music = await client.api(`/api/bookmark/icon-list?keyword=${encodeURIComponent('音乐')}&size=5`)
  expect(keysOf(music.body)[0]).toBe('tabler:music')
  const none = await client.api('/api/bookmark/icon-list?keyword=qwertyuiop')
  expect(none.body.data).toEqual({ list: [], total: 0, page: 1, size: 60 })
})

test('insert-icon-history needs a signed-in user; GET is refused', async () => {
  const guest = createClient(baseUrl)
  const post = await guest.api('/api/bookmark/insert-icon-history', { method: 'POST', headers: guest.sameOrigin, json: { key: 'tabler:star', type: 'font' } })
  expect(post.status).toBe(403)
  expect(post.body).toEqual({ code: -1, msg: '请先登录', data: null })
  expect((await guest.api('/api/bookmark/insert-icon-history?key=tabler:star&type=font')).status).toBe(405)
  // A guest's history is empty, not an error.
  expect((await guest.api('/api/bookmark/icon-list?id=history')).body.data).toEqual({ list: [], total: 0, page: 1, size: 60 })
})

test('12 icons used → the newest 10 in history, newest first, and 最近使用 leads the categories', async () => {
  const client = await signedIn()
  expect((await client.api('/api/bookmark/icon-category')).body.data[0].id).toBe('common')
  const keys = keysOf((await client.api('/api/bookmark/icon-list?id=arrows&size=12')).body)
  for (const [i, key] of keys.entries()) {
    const init = i % 2 ? { form: { key, type: 'font' } } : { json: { key, type: 'font' } }
    const { body } = await client.api('/api/bookmark/insert-icon-history', { method: 'POST', headers: client.sameOrigin, ...init })
    expect(body).toMatchObject({ code: 1, data: { key, type: 'font' } })
  }
  const history = await client.api('/api/bookmark/icon-list?id=history')
  expect(keysOf(history.body)).toEqual(keys.slice(2).reverse())
  expect(history.body.data.total).toBe(10)
  expect((await client.api('/api/bookmark/icon-category')).body.data[0]).toEqual({ id: 'history', name: '最近使用', type: 'history' })
})

test.each([
  [{ key: 'tabler:no-such-icon', type: 'font' }, '请选择图标'],
  [{ key: '', type: 'font' }, '请选择图标'],
  [{ type: 'font' }, '请选择图标'],
  // type defaults to image, which must be one of our uploads.
  [{ key: 'tabler:star' }, '请选择图标'],
  [{ key: 'https://evil.example/x.png', type: 'image' }, '请选择图标'],
  [{ key: 'tabler:star', type: 'svg' }, '图标类型不正确'],
])('insert-icon-history %j → %s', async (json, msg) => {
  const client = await signedIn()
  const { status, body } = await client.api('/api/bookmark/insert-icon-history', { method: 'POST', headers: client.sameOrigin, json })
  expect(status).toBe(200)
  expect(body).toEqual({ code: 0, msg, data: null })
})

test('an icon is served as a cacheable, locked-down SVG document', async () => {
  const response = await fetch(new URL('/resources/icons/tabler/star.svg', baseUrl))
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/)
  expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'; style-src 'unsafe-inline'")
  const svg = await response.text()
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>(<path d="[^"<>]+"\/>)+<\/svg>$/)
})

test.each([
  '/resources/icons/tabler/no-such-icon.svg',
  '/resources/icons/tabler/star',
  '/resources/icons/tabler/star.png',
  '/resources/icons/other/star.svg',
  '/resources/icons/tabler/STAR.svg',
  '/resources/icons/tabler/..%2F..%2Fetc%2Fpasswd.svg',
  '/resources/icons/..%2F..%2Fetc%2Fpasswd',
  '/resources/icons/tabler/..%2F..%2F..%2Fpackage.json',
  '/resources/icons/tabler%3Astar.svg',
])('%s → 404', async (path) => {
  const response = await fetch(new URL(path, baseUrl), { redirect: 'manual' })
  expect(response.status).toBe(404)
  expect(response.headers.get('Content-Type')).not.toMatch(/svg/)
  expect(await response.text()).not.toMatch(/<svg|"name"\s*:/)
})

import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { serverWithAdmin } from '#tests/setup/admin-server.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'
import { ownCategory } from './group-helpers.ts'

/**
 * Discover over HTTP (issue 25; docs/api.md §30; ADR 034), against a server of its own with an
 * administrator made by `npm run admin` (tests/setup/admin-server.ts): the /api/cool contract, a
 * duplicate refused at check-repeat and at submit (API and page), an unapproved site shown to
 * nobody but its submitter and the administrators (list, tag, search, detail, check-repeat,
 * pages), the review page's guard, collect under the 100-children limit, the header's badge, and
 * hostile input.
 */

// Keeps the shared server of the other files out of this one.
inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const EVIL = { Origin: 'https://evil.example' }

let ended: () => Promise<number | null>
let baseUrl: string
let admin: Client
let a: Awaited<ReturnType<typeof signUp>>
let b: Awaited<ReturnType<typeof signUp>>
let guest: Client
const rand = () => Math.random().toString(36).slice(2, 8)
const secret = { name: `待审网站${rand()}`, url: `https://www.pending-${rand()}.example/tools/`, tag: `待审${rand().slice(0, 3)}` }
let secretId = 0

beforeAll(async () => {
  const made = await serverWithAdmin()
  ended = made.stop
  baseUrl = made.server.url
  admin = createClient(baseUrl)
  for (const pair of made.cookie.split('; ')) {
    const eq = pair.indexOf('=')
    admin.jar.set(pair.slice(0, eq), pair.slice(eq + 1))
  }
  expect((await ok(admin.api('/api/site/init-info'))).isGuest).toBe(false)
  a = await signUp(baseUrl, '推荐人')
  b = await signUp(baseUrl, '路人')
  guest = createClient(baseUrl)
}, 300_000)
afterAll(async () => expect(await ended?.()).toBe(0), 60_000)

const html = async (client: Client, path: string) => {
  const response = await client.request(path)
  return { status: response.status, location: response.headers.get('Location'), text: await response.text() }
}
const listNames = async (client: Client, query: Record<string, string | number> = {}) =>
  ((await ok(get(client, '/api/cool/list', { size: 100, ...query }))).list as Array<{ name: string }>).map((s) => s.name)

describe('the contract', () => {
  test('cool/category answers the seeded categories; cool/list the demo’s approved sites', async () => {
    const categories = await ok(get(guest, '/api/cool/category'))
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['常用工具', '设计素材', '开发编程', '学习资源', '影视娱乐', 'AI 工具', '效率办公', '资讯阅读'])
    expect(categories[0]).toEqual({ id: expect.any(Number), name: '常用工具', sort: 1 })
    const list = await ok(get(guest, '/api/cool/list', { cid: categories[0].id }))
    expect(list).toMatchObject({ page: 1, size: 24, total: 1, list: [{ name: 'TinyPNG', url: 'https://tinypng.com/', status: 'approved', tags: ['压缩', '图片'], category: '常用工具' }] })
    expect(Object.keys(list.list[0]).sort()).toEqual(['category', 'cid', 'createTime', 'host', 'icon', 'id', 'name', 'reviewTime', 'status', 'submitter', 'summary', 'tags', 'url'])
    expect((await get(guest, '/api/cool/tags')).body).toMatchObject({ code: 1, data: expect.arrayContaining([{ name: '文档', amount: 2 }]) })
  })

  test('recommend waits for review; check-repeat says so before and after, whatever the address’s spelling', async () => {
    const before = await get(a.client, '/api/cool/check-repeat', { url: secret.url })
    expect(before.body).toEqual({ code: 1, msg: '该网站还没有被推荐过', data: { repeat: false, site: null } })
    const made = await post(a.client, '/api/cool/recommend', { name: secret.name, url: secret.url, crawler_icon: '', icon: 'tabler:tool', tags: `${secret.tag} 工具`, summary: '只给推荐人和管理员看', cid: 1 })
    expect(made.body).toEqual({ code: 1, msg: '推荐成功，管理员审核通过后显示', data: { id: expect.any(Number), status: 'pending' } })
    secretId = made.body.data.id
    // Another scheme, no www., the host in capitals, no trailing slash: the same site.
    const host = new URL(secret.url).hostname.replace(/^www\./, '')
    const spelled = `http://${host.toUpperCase()}/tools`
    for (const url of [secret.url, spelled]) {
      const mine = await get(a.client, '/api/cool/check-repeat', { url })
      expect(mine.body, url).toEqual({ code: 1, msg: '该网站已被推荐过', data: { repeat: true, site: { id: secretId, name: secret.name, status: 'pending' } } })
    }
    // Someone else is told it was recommended, not what it is.
    expect((await get(b.client, '/api/cool/check-repeat', { url: spelled })).body).toEqual({ code: 1, msg: '该网站已被推荐过', data: { repeat: true, site: null } })
    expect((await get(guest, '/api/cool/check-repeat', { url: secret.url })).body.data).toEqual({ repeat: true, site: null })
    // And refused at submit: the API and the page.
    expect((await post(b.client, '/api/cool/recommend', { name: '抢先', url: spelled, cid: 2 })).body).toEqual({ code: 0, msg: '该网站已被推荐过', data: null })
    const page = await b.client.request('/s/submit', { method: 'POST', headers: b.client.sameOrigin, form: { intent: 'recommend', url: secret.url, name: '抢先', cid: '2', tags: '', summary: '', icon: '' } })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('该网站已被推荐过')
    expect(await listNames(admin, { wd: '抢先' })).toEqual([])
  })

  test('an unapproved site shows to nobody but its submitter and the administrators', async () => {
    const cases: Array<[string, Client, boolean]> = [['submitter', a.client, true], ['admin', admin, true], ['another user', b.client, false], ['guest', guest, false]]
    for (const [who, client, sees] of cases) {
      expect((await listNames(client)).includes(secret.name), `${who}: list`).toBe(sees)
      expect((await listNames(client, { cid: 1 })).includes(secret.name), `${who}: category`).toBe(sees)
      expect(await listNames(client, { tag: secret.tag }), `${who}: tag`).toEqual(sees ? [secret.name] : [])
      expect(await listNames(client, { wd: secret.name }), `${who}: search`).toEqual(sees ? [secret.name] : [])
      const detail = await get(client, '/api/cool/detail', { id: secretId })
      expect(detail.body.code === 1 ? detail.body.data.name : detail.body.msg, `${who}: detail`).toBe(sees ? secret.name : NOT_FOUND)
      for (const path of ['/discover', '/discover?cid=1', `/discover?wd=${encodeURIComponent(secret.name)}`, `/discover/tag/${encodeURIComponent(secret.tag)}`]) {
        const page = await html(client, path)
        expect(page.status, `${who}: ${path}`).toBe(200)
        // Its card (the search box repeats the words searched for).
        expect(page.text.includes(`id="site-${secretId}-name"`), `${who}: ${path}`).toBe(sees)
      }
    }
    // Collecting it is refused to anyone while it waits (ids reveal nothing).
    const bid = await ownCategory(a.client, a.homepageId)
    expect((await post(a.client, '/api/cool/collect', { ids: [secretId], bid })).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
    // The submitter sees it with its state on /s/submit; another user does not.
    expect((await html(a.client, '/s/submit')).text).toContain(secret.name)
    expect((await html(b.client, '/s/submit')).text).not.toContain(secret.name)
  })
})

describe('review', () => {
  test('/super goes to /super/index; guests sign in, other users get the not-found page, the admin the pending list', async () => {
    expect(await html(guest, '/super')).toMatchObject({ status: 302, location: '/super/index' })
    expect(await html(guest, '/super/index')).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fsuper%2Findex' })
    const refused = await html(b.client, '/super/index')
    expect(refused.status).toBe(404)
    expect(refused.text).not.toContain(secret.name)
    const page = await html(admin, '/super/index')
    expect(page.status).toBe(200)
    expect(page.text).toContain(secret.name)
    // Another user cannot review through the page or the API either, and nothing changes.
    const forged = await b.client.request('/super/index', { method: 'POST', headers: b.client.sameOrigin, form: { intent: 'review-site', id: String(secretId), status: 'approved' } })
    expect(forged.status).toBe(404)
    expect((await post(b.client, '/api/cool/review', { id: secretId, status: 1 })).body).toEqual({ code: 0, msg: '只有管理员可以审核', data: null })
    expect((await get(b.client, '/api/cool/pending-list')).body).toEqual({ code: 0, msg: '只有管理员可以审核', data: null })
    expect((await get(guest, '/api/cool/pending-list')).status).toBe(403)
    expect(await listNames(b.client)).not.toContain(secret.name)
  })

  test('the admin approves on the page, once; then everyone sees it, and the header’s 发现 says new', async () => {
    expect((await html(b.client, '/discover')).status).toBe(200)
    expect((await html(b.client, '/group')).text).not.toContain('nav-new-badge')
    const pending = await ok(get(admin, '/api/cool/pending-list'))
    expect(pending.list.map((s: { id: number }) => s.id)).toContain(secretId)
    const approve = await admin.request('/super/index', { method: 'POST', headers: admin.sameOrigin, form: { intent: 'review-site', id: String(secretId), status: 'approved' } })
    expect(approve.status).toBe(302)
    // A second submit finds it decided.
    expect((await post(admin, '/api/cool/review', { id: secretId, status: 2 })).body).toEqual({ code: 0, msg: '该推荐已处理', data: null })
    expect(await listNames(guest, { tag: secret.tag })).toEqual([secret.name])
    expect((await html(guest, '/discover')).text).toContain(secret.name)
    // B has not been to /discover since: the badge shows on every page until B goes there.
    expect((await html(b.client, '/group')).text).toContain('nav-new-badge')
    expect((await html(b.client, '/discover')).text).not.toContain('nav-new-badge')
    expect((await html(b.client, '/group')).text).not.toContain('nav-new-badge')
    expect((await html(guest, '/group')).text).not.toContain('nav-new-badge')
  })
})

describe('collect', () => {
  test('one or several into one’s own category; past 100 children nothing is written', async () => {
    const x = await ok(post(admin, '/api/cool/recommend', { name: `甲${rand()}`, url: `https://x-${rand()}.example/`, cid: 3, tags: ['开发'] }))
    const y = await ok(post(admin, '/api/cool/recommend', { name: `乙${rand()}`, url: `https://y-${rand()}.example/`, cid: 3 }))
    expect(x.status).toBe('approved')
    const bid = await ownCategory(b.client, b.homepageId)
    const inBag = async () => (await ok(get(b.client, '/api/bookmark/list', { bid, size: 200 }))).total as number
    const start = await inBag()
    const collected = await post(b.client, '/api/cool/collect', { ids: `${secretId},${x.id}`, bid })
    expect(collected.body).toMatchObject({ code: 1, msg: '收藏成功', data: [{ name: secret.name }, { name: expect.stringMatching(/^甲/) }] })
    expect(await inBag()).toBe(start + 2)
    // Not one's own category: refused, nothing written.
    const otherBid = await ownCategory(a.client, a.homepageId)
    expect((await post(b.client, '/api/cool/collect', { ids: [y.id], bid: otherBid })).body.code).not.toBe(1)
    // Fill to 99, then two are one too many: refused whole.
    for (let i = await inBag(); i < 99; i++) await ok(post(b.client, '/api/source/add', { bid, sour_name: `已有${i}`, sour_url: `https://filled-${i}.example/` }))
    expect(await inBag()).toBe(99)
    expect((await post(b.client, '/api/cool/collect', { ids: [x.id, y.id], bid })).body).toEqual({ code: 0, msg: '最多添加100个书签', data: null })
    expect(await inBag()).toBe(99)
    // One through the page's form (its card's 收藏): 100.
    const page = await b.client.request('/discover?cid=3', { method: 'POST', headers: b.client.sameOrigin, form: { one: String(y.id), bid: String(bid) } })
    expect(page.status).toBe(302)
    expect(await inBag()).toBe(100)
    const full = await b.client.request('/discover?cid=3', { method: 'POST', headers: b.client.sameOrigin, form: { ids: String(x.id), bid: String(bid) } })
    expect(full.status).toBe(302)
    expect(decodeURIComponent(full.headers.getSetCookie().join(';'))).toContain('最多添加100个书签')
    expect(await inBag()).toBe(100)
    // A guest is asked to sign in.
    expect((await post(guest, '/api/cool/collect', { ids: [x.id], bid })).status).toBe(403)
    const asGuest = await guest.request('/discover', { method: 'POST', headers: guest.sameOrigin, form: { one: String(x.id), bid: String(bid) } })
    expect(asGuest.status).toBe(302)
    expect(asGuest.headers.get('Location')).toBe('/login?redirectTo=%2Fdiscover')
  })
})

describe('hostile input', () => {
  test('markup is text, javascript: and over-long fields are refused, foreign origins are turned away', async () => {
    const xss = { name: `<script>alert(1)</script>${rand()}`, summary: '<img src=x onerror=alert(2)>', tags: ['<b>x</b>'] }
    const made = await ok(post(admin, '/api/cool/recommend', { ...xss, url: `https://xss-${rand()}.example/`, cid: 1 }))
    expect(made.status).toBe('approved')
    const page = (await html(guest, '/discover')).text
    expect(page).not.toContain('<script>alert(1)')
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect((await html(guest, `/discover/tag/${encodeURIComponent('<b>x</b>')}`)).text).not.toContain('<b>x</b>')
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x', url: 'javascript:alert(1)', cid: 1 }, '请输入http或https开头的链接'],
      [{ name: 'x', url: 'data:text/html,hi', cid: 1 }, '请输入http或https开头的链接'],
      [{ name: '名'.repeat(101), url: 'https://long.example/', cid: 1 }, '网站名称的长度不能超过100个字'],
      [{ name: 'x', url: 'https://long.example/', cid: 1, summary: '字'.repeat(201) }, '网站简介不能超过200个字'],
      [{ name: 'x', url: 'https://long.example/', cid: 1, tags: 'a b c d e f' }, '最多5个标签'],
      [{ name: 'x', url: 'https://long.example/', cid: 1, tags: ['十一个字的标签真的很长'] }, '每个标签不能超过10个字'],
      [{ name: 'x', url: 'https://long.example/', cid: 999 }, '请选择分类'],
      [{ name: 'x', url: 'https://long.example/', cid: 1, icon: 'https://tracker.example/x.png' }, '请选择图标'],
      [{ name: '\u200b', url: 'https://long.example/', cid: 1 }, '请输入网站名称'],
    ]
    for (const [body, msg] of refusals) expect((await post(a.client, '/api/cool/recommend', body)).body, msg).toEqual({ code: 0, msg, data: null })
    expect((await get(guest, '/api/cool/check-repeat', { url: 'javascript:alert(1)' })).body).toMatchObject({ code: 0 })
    expect((await post(guest, '/api/cool/recommend', { name: 'x', url: 'https://g.example/', cid: 1 })).status).toBe(403)
    const foreign = await a.client.request('/api/cool/recommend', { method: 'POST', headers: EVIL, json: { name: 'x', url: 'https://evil-origin.example/', cid: 1 } })
    expect(foreign.status).toBe(403)
    const foreignPage = await a.client.request('/s/submit', { method: 'POST', headers: EVIL, form: { intent: 'recommend', name: 'x', url: 'https://evil-origin.example/', cid: '1' } })
    expect(foreignPage.status).toBe(403)
    expect((await get(a.client, '/api/cool/check-repeat', { url: 'https://evil-origin.example/' })).body.data.repeat).toBe(false)
    // GET never writes.
    expect((await a.client.request('/api/cool/recommend')).status).toBe(405)
  })
})

import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

/** POST /api/bookmark/like-sort {ids}: the star list's order, in star-list and on the start page. */

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const SORTED = '排序已自动保存'

type Owner = { client: Client; homepageId: number; ids: Record<string, number> }
let owner: Owner

async function starNames(client: Client, homepageId: number): Promise<string[]> {
  return (await ok(get(client, '/api/bookmark/star-list', { homepageId }))).map((s: { name: string }) => s.name)
}

/** The names in the start page's star module (section #module--1), in the order drawn. */
async function pageStars(client: Client): Promise<string[]> {
  const html = await (await client.request('/')).text()
  const start = html.indexOf('id="module--1"')
  if (start < 0) return []
  const section = html.slice(start, html.indexOf('</section>', start))
  return [...section.matchAll(/<li><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!)
}

beforeAll(async () => {
  const { client, homepageId } = await signUp(baseUrl, '星标排序')
  const bid = (await ok(get(client, '/api/bag/get-create', { homepageId })))[0].children[0].value as number
  const ids: Record<string, number> = {}
  for (const name of ['星甲', '星乙', '星丙', '星丁']) {
    ids[name] = (await ok(post(client, '/api/source/add', { bid, sour_name: name, sour_url: `https://${encodeURIComponent(name)}.example/` }))).id
  }
  // Starred in this order: the star list keeps it (a new star goes last), not the ids' order.
  for (const name of ['星丙', '星甲', '星丁']) await ok(post(client, '/api/bookmark/mark-star', { id: ids[name] }))
  owner = { client, homepageId, ids }
})

describe('like-sort', () => {
  test('mark-star appends; like-sort puts the given ids first; star-list and the page follow', async () => {
    const { client, homepageId, ids } = owner
    expect(await starNames(client, homepageId)).toEqual(['星丙', '星甲', '星丁'])
    expect(await pageStars(client)).toEqual(['星丙', '星甲', '星丁'])

    const sorted = await post(client, '/api/bookmark/like-sort', { ids: [ids['星丁'], ids['星丙']] })
    expect(sorted.body).toEqual({ code: 1, msg: SORTED, data: { ids: [ids['星丁'], ids['星丙'], ids['星甲']] } })
    expect(await starNames(client, homepageId)).toEqual(['星丁', '星丙', '星甲'])
    expect(await pageStars(client)).toEqual(['星丁', '星丙', '星甲'])

    // Form-encoded, comma-separated, with gb-hid as every legacy call sends it.
    const form = await postForm(client, '/api/bookmark/like-sort', { ids: `${ids['星甲']},${ids['星丁']}`, 'gb-hid': String(homepageId) })
    expect(form.body).toMatchObject({ code: 1, msg: SORTED })
    expect(await starNames(client, homepageId)).toEqual(['星甲', '星丁', '星丙'])

    // Star another: it goes last, after the sorted ones.
    await ok(post(client, '/api/bookmark/mark-star', { id: ids['星乙'] }))
    expect(await starNames(client, homepageId)).toEqual(['星甲', '星丁', '星丙', '星乙'])
    // In another bookmark order the star list keeps its own.
    await ok(post(client, '/api/bookmark/switch-sort-method', { method: 'newest' }))
    expect(await pageStars(client)).toEqual(['星甲', '星丁', '星丙', '星乙'])
    await ok(post(client, '/api/bookmark/switch-sort-method', { method: 'custom' }))
  })

  test('an unstarred, unknown or malformed id, or none: refused, nothing changes', async () => {
    const { client, homepageId, ids } = owner
    await ok(post(client, '/api/bookmark/mark-star', { id: ids['星乙'] }))
    const before = await starNames(client, homepageId)
    for (const body of [{ ids: [ids['星乙']] }, { ids: [ids['星甲'], 2_000_000_000] }, { ids: 'abc' }, { ids: [] }, {}]) {
      expect((await post(client, '/api/bookmark/like-sort', body)).body, JSON.stringify(body)).toEqual({ code: 0, msg: NOT_FOUND, data: null })
    }
    expect(await starNames(client, homepageId)).toEqual(before)
  })

  test('guests sign in first; another user gets the generic answer; GET is not allowed', async () => {
    const { client, homepageId, ids } = owner
    const before = await starNames(client, homepageId)
    const guest = createClient(baseUrl)
    expect(await post(guest, '/api/bookmark/like-sort', { ids: [ids['星丙']] })).toMatchObject({ status: 403, body: { code: -1, msg: '请先登录', data: null } })
    const stranger = await signUp(baseUrl, '路人星标')
    expect((await post(stranger.client, '/api/bookmark/like-sort', { ids: [ids['星丙']] })).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
    const wrongMethod = await get(client, '/api/bookmark/like-sort', { ids: ids['星丙'] })
    expect(wrongMethod).toMatchObject({ status: 405, body: { code: 0, msg: '请求方法不允许', data: null } })
    expect(await starNames(client, homepageId)).toEqual(before)
  })
})

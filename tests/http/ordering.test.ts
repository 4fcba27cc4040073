import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const SORTED = '排序已自动保存'
const DONE = '操作成功！'

/** The ordering calls this file covers (all POST, all need a session). */
const ORDERING_CALLS = [
  '/api/bookmark/sort',
  '/api/source/sort',
  '/api/source/operation',
  '/api/children/sort',
  '/api/children/move',
  '/api/children/choose',
  '/api/bag/sort-multiple',
] as const

type Setup = { client: Client; homepageId: number; moduleId: number; a: number; b: number; c: number }

/** A module with three categories (a, b, c) in a fresh account. */
async function account(nickname: string): Promise<Setup> {
  const { client, homepageId } = await signUp(baseUrl, nickname)
  const module = await ok(post(client, '/api/module/add', { homepageId, name: '排序', icon: 'tabler:star', moduleType: 0 }))
  const bag = async (name: string) => (await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name, icon: 'tabler:folder' }))).bid as number
  return { client, homepageId, moduleId: module.moduleId, a: await bag('甲类'), b: await bag('乙类'), c: await bag('丙类') }
}

async function addLink(client: Client, bid: number, name: string, parentLinkId?: number): Promise<number> {
  return (await ok(post(client, '/api/source/add', { bid, parentLinkId, sour_name: name, sour_url: `https://example.com/${encodeURIComponent(name)}` }))).id
}

const names = (list: { name: string }[]) => list.map((item) => item.name)
async function listOf(client: Client, bid: number, parentId?: number): Promise<string[]> {
  return names((await ok(get(client, '/api/bookmark/list', { bid, size: 100, parentId }))).list)
}
async function tree(client: Client, moduleId: number): Promise<string[]> {
  const roots = await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: moduleId }))
  return roots.map((n: any) => (n.children.length ? `${n.name}(${names(n.children).join(',')})` : n.name))
}

let me: Setup
let stranger: Setup
beforeAll(async () => {
  me = await account('排序甲')
  stranger = await account('排序乙')
})

describe('bookmark and source sort', () => {
  test('the given ids first in their order, the others after them; JSON and form bodies', async () => {
    const { client, a } = me
    const [one, two, three, four] = [await addLink(client, a, '一'), await addLink(client, a, '二'), await addLink(client, a, '三'), await addLink(client, a, '四')]
    expect((await post(client, '/api/bookmark/sort', { bid: a, ids: [three, one] })).body).toEqual({ code: 1, msg: SORTED, data: null })
    expect(await listOf(client, a)).toEqual(['三', '一', '二', '四'])
    expect((await postForm(client, '/api/source/sort', { bid: String(a), ids: `${four},${two}`, type: 'link' })).body).toEqual({ code: 1, msg: SORTED, data: null })
    expect(await listOf(client, a)).toEqual(['四', '二', '三', '一'])
    // One id that is not in the list: nothing changes.
    for (const body of [{ bid: a, ids: [one, 2_000_000_000] }, { bid: stranger.a, ids: [one] }, { bid: a, ids: [] }, { bid: a }]) {
      expect((await post(client, '/api/bookmark/sort', body)).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
    }
    expect(await listOf(client, a)).toEqual(['四', '二', '三', '一'])
  })

  test('children/sort: [{sort, id}] as JSON or as a JSON string', async () => {
    const { client, a } = me
    const folder = (await ok(post(client, '/api/bookmark/add-folder', { bid: a, name: '夹' }))).id as number
    const [x, y, z] = [await addLink(client, a, 'x', folder), await addLink(client, a, 'y', folder), await addLink(client, a, 'z', folder)]
    const sorted = await post(client, '/api/children/sort', { sort: [{ sort: 0, id: z }, { sort: 1, id: x }, { sort: 2, id: y }] })
    expect(sorted.body).toEqual({ code: 1, msg: SORTED, data: null })
    expect(await listOf(client, a, folder)).toEqual(['z', 'x', 'y'])
    const form = await postForm(client, '/api/children/sort', { sort: JSON.stringify([{ sort: '1', id: String(z) }, { sort: '0', id: String(y) }]) })
    expect(form.body).toMatchObject({ code: 1, msg: SORTED })
    expect(await listOf(client, a, folder)).toEqual(['y', 'z', 'x'])
    for (const sort of ['not json', [], [{ sort: 0, id: x }, { sort: 1, id: folder }], [{ sort: 0, id: 'abc' }]]) {
      expect((await post(client, '/api/children/sort', { sort })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    }
    expect(await listOf(client, a, folder)).toEqual(['y', 'z', 'x'])
  })
})

describe('move and copy', () => {
  test('source/operation: move and copy into a category or a folder; a repeated key does nothing', async () => {
    const { client, b, c } = me
    const [p, q] = [await addLink(client, b, 'p'), await addLink(client, b, 'q')]
    const moved = await post(client, '/api/source/operation', { bid: c, ids: [q, p], type: 'move', fromBid: b })
    expect(moved.body).toEqual({ code: 1, msg: DONE, data: { count: 2 } })
    expect(await listOf(client, c)).toEqual(['q', 'p'])
    expect(await listOf(client, b)).toEqual([])
    const copy = { bid: String(b), ids: `${p},${q}`, type: 'copy', fromBid: String(c), key: 'k-operation-1' }
    expect((await postForm(client, '/api/source/operation', copy)).body).toEqual({ code: 1, msg: DONE, data: { count: 2 } })
    expect((await postForm(client, '/api/source/operation', copy)).body).toMatchObject({ code: 1, msg: DONE })
    expect(await listOf(client, b)).toEqual(['p', 'q'])
    // At once, one key: one copy.
    const racing = await Promise.all(Array.from({ length: 3 }, () => post(client, '/api/source/operation', { bid: b, ids: [p], type: 'copy', key: 'k-operation-2' })))
    for (const r of racing) expect(r.body).toMatchObject({ code: 1, msg: DONE })
    expect(await listOf(client, b)).toEqual(['p', 'q', 'p'])
    // A key is at most 64 characters: a longer one is refused, never cut (two keys sharing 64 would be one).
    const long = { bid: b, ids: [p], type: 'copy', key: 'k'.repeat(65) }
    expect((await post(client, '/api/source/operation', long)).body).toEqual({ code: 0, msg: '一次性令牌不能超过64个字符', data: null })
    expect(await listOf(client, b)).toEqual(['p', 'q', 'p'])
    // Into a folder of the target category.
    const folder = (await ok(post(client, '/api/bookmark/add-folder', { bid: c, name: '收纳' }))).id as number
    expect((await post(client, '/api/source/operation', { bid: c, parentId: folder, ids: [p], type: 'move' })).body).toMatchObject({ code: 1, data: { count: 1 } })
    expect(await listOf(client, c, folder)).toEqual(['p'])
    expect((await post(client, '/api/source/operation', { bid: c, ids: [p], type: 'swap' })).body).toMatchObject({ code: 0, msg: '操作类型不正确' })
    expect((await post(client, '/api/source/operation', { bid: b, parentId: folder, ids: [q], type: 'move' })).body).toMatchObject({ code: 0, msg: '文件夹不存在或已被删除' })
    expect((await post(client, '/api/source/operation', { bid: b, ids: [folder], type: 'move', parentId: undefined })).body).toMatchObject({ code: 1 })
    expect(await listOf(client, b)).toEqual(['p', 'q', 'p', '收纳'])
  })

  test('children/move and children/choose', async () => {
    const { client, a, c } = me
    const folder = (await ok(post(client, '/api/bookmark/add-folder', { bid: a, name: '选入' }))).id as number
    const [m, n] = [await addLink(client, c, 'm'), await addLink(client, c, 'n')]
    const chose = await post(client, '/api/children/choose', { pid: folder, id: [n, m], action: 'copy' })
    expect(chose.body).toEqual({ code: 1, msg: DONE, data: { count: 2 } })
    expect(await listOf(client, a, folder)).toEqual(['n', 'm'])
    expect((await postForm(client, '/api/children/choose', { pid: String(folder), id: String(m), action: 'move' })).body).toMatchObject({ code: 1, data: { count: 1 } })
    expect(await listOf(client, a, folder)).toEqual(['n', 'm', 'm'])
    expect(await listOf(client, c)).not.toContain('m')
    expect((await post(client, '/api/children/choose', { pid: folder, id: [folder], action: 'move' })).body).toMatchObject({ code: 0, msg: '文件夹不能放入文件夹' })
    // children/move: one child out to a category's top level (move is the default), or a copy.
    const child = names((await ok(get(client, '/api/children/list', { id: folder }))).list)
    expect(child).toEqual(['n', 'm', 'm'])
    const firstChild = (await ok(get(client, '/api/children/list', { id: folder }))).list[0].id as number
    expect((await post(client, '/api/children/move', { id: firstChild, bid: c })).body).toEqual({ code: 1, msg: DONE, data: { count: 1 } })
    expect(await listOf(client, a, folder)).toEqual(['m', 'm'])
    expect((await listOf(client, c)).at(-1)).toBe('n')
    expect((await post(client, '/api/children/move', { id: firstChild, bid: a, type: 'copy' })).body).toMatchObject({ code: 1, data: { count: 1 } })
    expect((await listOf(client, a)).at(-1)).toBe('n')
  })
})

describe('bag/sort-multiple', () => {
  test('before, after, inner; not under itself', async () => {
    const { client, moduleId } = await account('分类拖动')
    const bags = await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: moduleId }))
    const [a, b, c] = bags.map((n: any) => n.bid as number)
    expect(await tree(client, moduleId)).toEqual(['甲类', '乙类', '丙类'])
    expect((await post(client, '/api/bag/sort-multiple', { type: 'before', dropId: c, targetId: a })).body).toEqual({ code: 1, msg: SORTED, data: null })
    expect(await tree(client, moduleId)).toEqual(['丙类', '甲类', '乙类'])
    await ok(post(client, '/api/bag/sort-multiple', { type: 'after', dropId: c, targetId: b }))
    expect(await tree(client, moduleId)).toEqual(['甲类', '乙类', '丙类'])
    await ok(postForm(client, '/api/bag/sort-multiple', { type: 'inner', dropId: String(c), targetId: String(a) }))
    expect(await tree(client, moduleId)).toEqual(['甲类(丙类)', '乙类'])
    expect((await post(client, '/api/bag/sort-multiple', { type: 'inner', dropId: a, targetId: c })).body).toEqual({
      code: 0,
      msg: '不能移动到自己或自己的子分类下',
      data: null,
    })
    expect((await post(client, '/api/bag/sort-multiple', { type: 'sideways', dropId: a, targetId: b })).body).toMatchObject({ code: 0, msg: '操作类型不正确' })
    expect((await post(client, '/api/bag/sort-multiple', { type: 'after', dropId: a, targetId: me.a })).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
    expect(await tree(client, moduleId)).toEqual(['甲类(丙类)', '乙类'])
  })
})

describe('drag and drop across lists', () => {
  test('children/move with afterId lands at the drop place, parentId into a folder; the 100-limit holds', async () => {
    const { client, a, b } = await account('跨列表拖动')
    const [one, x] = [await addLink(client, a, '一'), await addLink(client, b, 'x')]
    await addLink(client, b, 'y')
    const folder = (await ok(post(client, '/api/bookmark/add-folder', { bid: b, name: '夹' }))).id as number
    expect((await post(client, '/api/children/move', { id: one, bid: b, afterId: x })).body).toEqual({ code: 1, msg: DONE, data: { count: 1 } })
    expect(await listOf(client, b)).toEqual(['x', '一', 'y', '夹'])
    expect(await listOf(client, a)).toEqual([])
    await ok(postForm(client, '/api/children/move', { id: String(x), bid: String(b), parentId: String(folder) }))
    expect(await listOf(client, b, folder)).toEqual(['x'])
    expect(await listOf(client, b)).toEqual(['一', 'y', '夹'])
    // A full category refuses, and nothing moves.
    for (let i = 0; i < 100; i++) await addLink(client, a, `满${i}`)
    expect((await post(client, '/api/children/move', { id: one, bid: a, afterId: 0 })).body).toEqual({ code: 0, msg: '最多添加100个书签', data: null })
    expect(await listOf(client, b)).toEqual(['一', 'y', '夹'])
  })

  test('bag/sort-multiple moves a category into another module of the homepage', async () => {
    const { client, homepageId, moduleId, a, b } = await account('跨模块拖动')
    const other = await ok(post(client, '/api/module/add', { homepageId, name: '第二', icon: 'tabler:star', moduleType: 0 }))
    const d = (await ok(post(client, '/api/bag/add', { moduleId: other.moduleId, name: '丁类', icon: 'tabler:folder' }))).bid as number
    expect((await post(client, '/api/bag/sort-multiple', { type: 'before', dropId: b, targetId: d })).body).toEqual({ code: 1, msg: SORTED, data: null })
    expect(await tree(client, other.moduleId)).toEqual(['乙类', '丁类'])
    expect(await tree(client, moduleId)).toEqual(['甲类', '丙类'])
    await ok(post(client, '/api/bag/sort-multiple', { type: 'inner', dropId: a, targetId: d }))
    expect(await tree(client, other.moduleId)).toEqual(['乙类', '丁类(甲类)'])
    expect((await post(client, '/api/bag/sort-multiple', { type: 'after', dropId: d, targetId: stranger.a })).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
  })
})

describe('guests, methods and other users', () => {
  test.each(ORDERING_CALLS)('GET on %s is a 405 and performs nothing', async (path) => {
    const { status, headers, body } = await get(me.client, path, { bid: me.a, ids: '1', id: 1, pid: 1, dropId: me.a, targetId: me.b, type: 'inner' })
    expect(status).toBe(405)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(body).toEqual({ code: 0, msg: '请求方法不允许', data: null })
  })

  test.each(ORDERING_CALLS)('a guest POST to %s is a 403 asking to sign in', async (path) => {
    const guest = createClient(baseUrl)
    const body = { bid: me.a, ids: [1], id: 1, pid: 1, type: 'move', action: 'move', sort: [{ sort: 0, id: 1 }], dropId: me.a, targetId: me.b }
    const { status, body: answer } = await guest.api(path, { method: 'POST', json: body })
    expect(status).toBe(403)
    expect(answer).toEqual({ code: -1, msg: '请先登录', data: null })
    const empty = await guest.api(path, { method: 'POST' })
    expect(empty.status).toBe(403)
  })

  test('another user’s ids: code 0 内容不存在或已被删除, and nothing changes on either side', async () => {
    const { client } = me
    const theirs = [await addLink(stranger.client, stranger.a, '他一'), await addLink(stranger.client, stranger.a, '他二')]
    const theirFolder = (await ok(post(stranger.client, '/api/bookmark/add-folder', { bid: stranger.b, name: '他的夹' }))).id as number
    const theirChild = await addLink(stranger.client, stranger.b, '他的子', theirFolder)
    const mine = await addLink(client, me.c, '我的')
    const before = {
      theirs: [await listOf(stranger.client, stranger.a), await listOf(stranger.client, stranger.b), await listOf(stranger.client, stranger.b, theirFolder)],
      mine: await listOf(client, me.c),
      tree: await tree(stranger.client, stranger.moduleId),
    }
    const attacks: Array<[string, Record<string, unknown>]> = [
      ['/api/bookmark/sort', { bid: stranger.a, ids: [...theirs].reverse() }],
      ['/api/source/sort', { bid: stranger.a, ids: [theirs[1]], type: 'link' }],
      ['/api/children/sort', { sort: [{ sort: 0, id: theirChild }] }],
      ['/api/source/operation', { bid: me.c, ids: theirs, type: 'move', fromBid: stranger.a }],
      ['/api/source/operation', { bid: me.c, ids: theirs, type: 'copy', fromBid: stranger.a }],
      ['/api/source/operation', { bid: stranger.a, ids: [mine], type: 'copy', fromBid: me.c }],
      ['/api/source/operation', { bid: me.c, ids: [mine, theirs[0]], type: 'move' }],
      ['/api/children/move', { id: theirChild, bid: me.c }],
      ['/api/children/move', { id: mine, bid: stranger.a }],
      ['/api/children/choose', { pid: theirFolder, id: [mine], action: 'copy' }],
      ['/api/children/choose', { pid: 2_000_000_000, id: [theirs[0]], action: 'move' }],
      ['/api/bag/sort-multiple', { type: 'after', dropId: stranger.a, targetId: stranger.c }],
      ['/api/bag/sort-multiple', { type: 'inner', dropId: me.a, targetId: stranger.a }],
    ]
    for (const [path, body] of attacks) {
      const { status, body: answer } = await post(client, path, body)
      expect(status, `${path} ${JSON.stringify(body)}`).toBe(200)
      expect(answer, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 0, data: null })
      expect([NOT_FOUND, '文件夹不存在或已被删除']).toContain(answer.msg)
    }
    expect({
      theirs: [await listOf(stranger.client, stranger.a), await listOf(stranger.client, stranger.b), await listOf(stranger.client, stranger.b, theirFolder)],
      mine: await listOf(client, me.c),
      tree: await tree(stranger.client, stranger.moduleId),
    }).toEqual(before)
  })
})

describe('the sort lock (spec §4)', () => {
  const LOCKED = '排序已锁定，切换到自定义排序后才能调整顺序'

  test('in any order but 自定义排序 every sort call and move button is refused and changes nothing; back in custom it works', async () => {
    const mine = await account('锁定排序')
    const { client, homepageId, a, b } = mine
    const code = `lock-${Math.random().toString(36).slice(2, 8)}`
    await ok(post(client, '/api/homepage/add', { homepageId, title: '锁定', icon: 'tabler:home', code }))
    const [one, two, three] = [await addLink(client, a, '一'), await addLink(client, a, '二'), await addLink(client, a, '三')]
    const folder = (await ok(post(client, '/api/bookmark/add-folder', { bid: a, name: '夹' }))).id as number
    const [x, y] = [await addLink(client, a, 'x', folder), await addLink(client, a, 'y', folder)]

    expect(await ok(post(client, '/api/bookmark/switch-sort-method', { method: 'newest' }))).toEqual({ method: 'newest' })
    const before = [await listOf(client, a), await listOf(client, a, folder)]
    const sorts: Array<[string, Record<string, unknown>]> = [
      ['/api/bookmark/sort', { bid: a, ids: [three, one] }],
      ['/api/source/sort', { bid: a, ids: [two, one], type: 'link' }],
      ['/api/bookmark/sort', { bid: a, parentId: folder, ids: [y, x] }],
      ['/api/children/sort', { sort: [{ sort: 0, id: y }, { sort: 1, id: x }] }],
    ]
    for (const [path, body] of sorts) expect((await post(client, path, body)).body, path).toEqual({ code: 0, msg: LOCKED, data: null })
    // The batch dialog's 上移 / 下移 / 移到 (page form, no JavaScript).
    for (const op of [`up:${two}`, `down:${two}`, `position:${two}`]) {
      const response = await client.request(`/${code}`, {
        method: 'POST',
        form: { intent: 'batch', bid: String(a), op, [`position-${two}`]: '1' },
        headers: client.sameOrigin,
      })
      expect(response.status, op).toBe(302)
      const toast = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
      expect(JSON.parse(decodeURIComponent(toast!.slice('qy_toast='.length).split(';')[0]!)), op).toEqual({ type: 'error', msg: LOCKED })
    }
    expect([await listOf(client, a), await listOf(client, a, folder)]).toEqual(before)

    // Moving into another category or folder is not a reorder: allowed, appended.
    expect((await post(client, '/api/children/move', { id: x, bid: b })).body).toMatchObject({ code: 1, data: { count: 1 } })
    expect((await post(client, '/api/source/operation', { ids: [one], type: 'move', bid: b })).body).toMatchObject({ code: 1, data: { count: 1 } })
    expect(await listOf(client, b)).toEqual(['x', '一'])
    // Categories are not ordered by the bookmark order.
    expect((await post(client, '/api/bag/sort', { ids: [b, a] })).body).toMatchObject({ code: 1 })

    await ok(post(client, '/api/bookmark/switch-sort-method', { method: 'custom' }))
    expect((await post(client, '/api/bookmark/sort', { bid: a, ids: [three, folder, two] })).body).toEqual({ code: 1, msg: SORTED, data: null })
    expect(await listOf(client, a)).toEqual(['三', '夹', '二'])
    expect((await post(client, '/api/children/sort', { sort: [{ sort: 0, id: y }] })).body).toMatchObject({ code: 1 })
    const up = await client.request(`/${code}`, { method: 'POST', form: { intent: 'batch', bid: String(a), op: `up:${two}` }, headers: client.sameOrigin })
    expect(up.status).toBe(302)
    expect(await listOf(client, a)).toEqual(['三', '二', '夹'])
  })
})

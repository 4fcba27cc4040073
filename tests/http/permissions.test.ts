import { beforeAll, describe, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, MUTATING_CALLS, ok, post, READ_CALLS, signInDemo, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'

type Ids = {
  homepageId: number
  moduleId: number
  commonModuleId: number
  bid: number
  subBid: number
  linkId: number
  privateLinkId: number
  folderId: number
  childId: number
  dividerId: number
  noteId: number
  trashedLinkId: number
  trashedBid: number
}

/** User A: a private homepage (the starter one) with one of everything, some of it in the trash. */
let a: { client: Client; homepageId: number }
/** User B: the demo account, signed in; its homepage `demo` is open. */
let b: { client: Client; homepageId: number }
let ids: Ids
let demoIds: { moduleId: number; bid: number; linkId: number }

beforeAll(async () => {
  a = await signUp(baseUrl, '用户甲')
  b = await signInDemo(baseUrl)
  const { client, homepageId } = a
  const module = await ok(post(client, '/api/module/add', { homepageId, name: '甲的模块', icon: 'tabler:star', moduleType: 2 }))
  const commonModuleId = (await ok(get(client, '/api/module/get-list', { homepageId })))[0].moduleId
  const bag = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name: '甲的分类', icon: 'tabler:folder' }))
  const sub = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, parentId: bag.bid, name: '甲的子分类', icon: 'tabler:folder' }))
  const link = await ok(post(client, '/api/source/add', { bid: sub.bid, sour_name: '甲的链接', sour_url: 'https://a.example/' }))
  const privateLink = await ok(
    post(client, '/api/source/add', { bid: sub.bid, sour_name: '甲的私密链接', sour_url: 'https://a.example/secret', isOnlyOwnView: '1' }),
  )
  const folder = await ok(post(client, '/api/bookmark/add-folder', { bid: sub.bid, name: '甲的文件夹' }))
  const child = await ok(post(client, '/api/source/add', { bid: sub.bid, parentLinkId: folder.id, sour_name: '甲的子链接', sour_url: 'https://a.example/c' }))
  const divider = await ok(post(client, '/api/bookmark/add-divider', { bid: sub.bid, name: '甲的分割线' }))
  const note = await ok(post(client, '/api/bookmark/create-base', { cid: sub.bid, remark: '甲的笔记', type: 'note' }))
  const trashed = await ok(post(client, '/api/source/add', { bid: sub.bid, sour_name: '甲删掉的', sour_url: 'https://a.example/t' }))
  await ok(post(client, '/api/source/delete', { bs_ids: [trashed.id] }))
  const trashedBag = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name: '甲删掉的分类', icon: 'tabler:trash' }))
  await ok(post(client, '/api/bag/delete', { bid: trashedBag.bid }))
  await ok(post(client, '/api/bookmark/mark-star', { id: link.id }))
  ids = {
    homepageId,
    moduleId: module.moduleId,
    commonModuleId,
    bid: bag.bid,
    subBid: sub.bid,
    linkId: link.id,
    privateLinkId: privateLink.id,
    folderId: folder.id,
    childId: child.id,
    dividerId: divider.id,
    noteId: note.id,
    trashedLinkId: trashed.id,
    trashedBid: trashedBag.bid,
  }

  // The demo homepage's ids, as any guest reads them.
  const guest = createClient(baseUrl)
  const demoModule = (await ok(get(guest, '/api/module/get-list', { homepageId: b.homepageId })))[0]
  const demoBag = (await ok(get(guest, '/api/bag/get-list-by-homepage-module', { module: demoModule.moduleId })))[0]
  const demoLink = (await ok(get(guest, '/api/bookmark/list', { bid: demoBag.bid }))).list[0]
  demoIds = { moduleId: demoModule.moduleId, bid: demoBag.bid, linkId: demoLink.id }
})

/** Everything A can see of A's content, as one string: equal before and after means "unchanged". */
async function snapshotOf(owner: Client, homepageId: number) {
  const create = await ok(get(owner, '/api/bag/get-create', { homepageId }))
  const modules = await ok(get(owner, '/api/module/get-list', { homepageId }))
  const lists: unknown[] = []
  const bags = create.flatMap((m: any) => m.children)
  while (bags.length) {
    const bag = bags.shift()
    bags.push(...bag.children)
    lists.push(await ok(get(owner, '/api/bag/info', { bid: bag.bid })))
    const list = await ok(get(owner, '/api/bookmark/list', { bid: bag.bid, size: 100, withChild: 1 }))
    lists.push(list)
    for (const item of list.list) lists.push(await ok(get(owner, '/api/bookmark/detail', { id: item.id })))
  }
  const star = await ok(get(owner, '/api/bookmark/star-list', { homepageId }))
  const trash = await ok(get(owner, '/api/bag/view-trash-list'))
  return JSON.stringify({ create, modules, lists, star, trash })
}

/**
 * The demo objects the sweep aims at, as a guest sees them. Only these: other files may use the
 * shared demo homepage meanwhile (clicks, sign-ins), and click counts are left out for that reason.
 */
async function demoTargets() {
  const guest = createClient(baseUrl)
  const modules = await ok(get(guest, '/api/module/get-list', { homepageId: b.homepageId }))
  const bag = await ok(get(guest, '/api/bag/info', { bid: demoIds.bid }))
  const { clickAmount: _a, clickTime: _t, ...link } = (await ok(get(guest, '/api/bookmark/list', { bid: demoIds.bid, size: 100 }))).list.find(
    (s: any) => s.id === demoIds.linkId,
  )
  const detail = await ok(get(guest, '/api/bookmark/detail', { id: demoIds.linkId }))
  const star = await ok(get(guest, '/api/bookmark/star-list', { homepageId: b.homepageId }))
  return JSON.stringify({ modules, bag, link, detail, star })
}

/** One body per mutating call, aimed at A's objects (several per call where there are ways in). */
type Own = { homepageId: number; moduleId: number; bid: number; linkId: number }

function attacksOn(i: Ids, own: Own): [string, Record<string, unknown>][] {
  return [
    ['/api/module/add', { homepageId: i.homepageId, name: '入侵', icon: 'tabler:x' }],
    ['/api/module/add', { homepageId: i.homepageId, moduleId: i.moduleId, name: '入侵', icon: 'tabler:x' }],
    ['/api/module/add', { 'gb-hid': i.homepageId, moduleId: i.moduleId, name: '入侵', icon: 'tabler:x' }],
    // The attacker's own homepage with the victim's module id: the edit must not reach across homepages.
    ['/api/module/add', { homepageId: own.homepageId, moduleId: i.moduleId, name: '入侵', icon: 'tabler:x' }],
    ['/api/module/sort', { moduleIds: [i.moduleId, i.commonModuleId] }],
    ['/api/module/sort', { moduleIds: `${own.moduleId},${i.moduleId}` }],
    ['/api/module/set-default-module', { moduleId: i.moduleId, homepageId: i.homepageId }],
    ['/api/module/set-default-module', { moduleId: i.moduleId }],
    ['/api/module/hard-delete', { moduleIds: [i.moduleId] }],
    ['/api/module/hard-delete', { moduleIds: [own.moduleId, i.moduleId] }],
    ['/api/module/change-status', { moduleId: i.moduleId }],
    ['/api/bag/add', { moduleId: i.moduleId, name: '入侵', icon: 'tabler:x' }],
    ['/api/bag/add', { bid: i.bid, moduleId: i.moduleId, name: '入侵', icon: 'tabler:x' }],
    ['/api/bag/add', { moduleId: own.moduleId, parentId: i.bid, name: '入侵', icon: 'tabler:x' }],
    ['/api/bag/add', { moduleId: own.moduleId, bid: i.bid, name: '入侵', icon: 'tabler:x' }],
    ['/api/bag/delete', { bid: i.bid }],
    ['/api/bag/delete', { bid: i.subBid }],
    ['/api/bag/restore', { bid: i.trashedBid }],
    ['/api/bag/delete-hard', { bid: i.trashedBid }],
    ['/api/bag/sort', { ids: [i.bid] }],
    ['/api/bag/set-formats', { bid: i.bid, formats: { color: '#000000' } }],
    ['/api/bag/set-card-config', { bid: i.bid, column: 3 }],
    ['/api/bag/clear-card-config', { bid: i.bid }],
    ['/api/bookmark/mark-star', { id: i.linkId }],
    ['/api/bookmark/create-base', { cid: i.subBid, remark: '入侵', type: 'note' }],
    ['/api/bookmark/create-base', { cid: own.bid, parentId: i.folderId, remark: '入侵', type: 'note' }],
    ['/api/bookmark/rename', { id: i.linkId, remark: '入侵' }],
    ['/api/bookmark/rename', { id: i.noteId, remark: '入侵' }],
    ['/api/bookmark/change-private', { id: i.privateLinkId }],
    ['/api/bookmark/change-private', { id: i.linkId }],
    ['/api/bookmark/add-folder', { bid: i.subBid, name: '入侵' }],
    ['/api/bookmark/add-folder', { id: i.folderId, bid: i.subBid, name: '入侵' }],
    ['/api/bookmark/add-folder', { id: i.folderId, bid: own.bid, name: '入侵' }],
    ['/api/bookmark/add-divider', { bid: i.subBid, name: '入侵' }],
    ['/api/bookmark/add-divider', { id: i.dividerId, bid: i.subBid, name: '入侵' }],
    ['/api/bookmark/add-divider', { id: i.dividerId, bid: own.bid, name: '入侵' }],
    ['/api/source/add', { bid: i.subBid, sour_name: '入侵', sour_url: 'https://evil.example/' }],
    ['/api/source/add', { bs_id: i.linkId, bid: i.subBid, sour_name: '入侵', sour_url: 'https://evil.example/' }],
    ['/api/source/add', { id: i.childId, bid: i.subBid, parentLinkId: i.folderId, sour_name: '入侵', sour_url: 'https://evil.example/' }],
    // Moving A's link into B's own category, and B's link into A's folder.
    ['/api/source/add', { bs_id: i.linkId, bid: own.bid, sour_name: '入侵', sour_url: 'https://evil.example/' }],
    ['/api/source/add', { bid: own.bid, parentLinkId: i.folderId, sour_name: '入侵', sour_url: 'https://evil.example/' }],
    ['/api/source/add', { bs_id: own.linkId, bid: i.subBid, sour_name: '入侵', sour_url: 'https://evil.example/' }],
    ['/api/source/delete', { bs_ids: [i.linkId] }],
    ['/api/source/delete', { bs_ids: `${i.folderId},${i.noteId}` }],
    ['/api/source/delete', { bs_ids: [own.linkId, i.linkId] }],
    ['/api/source/restore', { id: i.trashedLinkId }],
    ['/api/source/delete-hard', { id: i.trashedLinkId }],
  ]
}

describe('user B against user A (private homepage)', () => {
  test('every mutating call with A’s ids fails, and A’s data is unchanged', async () => {
    const before = await snapshotOf(a.client, a.homepageId)
    for (const name of ['甲的模块', '甲的子分类', '甲的私密链接', '甲的子链接', '甲的分割线', '甲的笔记', '甲删掉的', '甲删掉的分类']) {
      expect(before).toContain(name)
    }
    const ownBefore = await demoTargets()
    const attacks = attacksOn(ids, { ...demoIds, homepageId: b.homepageId })
    // Every mutating call is attacked at least once.
    expect(new Set(attacks.map(([path]) => path))).toEqual(new Set(MUTATING_CALLS))
    for (const [path, body] of attacks) {
      const { status, body: answer } = await post(b.client, path, body)
      expect(status, `${path} ${JSON.stringify(body)}`).toBe(200)
      expect(answer.code, `${path} ${JSON.stringify(body)}: ${answer.msg}`).not.toBe(1)
      expect(answer.data).toBeNull()
    }
    // The click counter of a link B may not see does not move either.
    expect((await post(b.client, '/api/source/click', { id: ids.linkId })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    expect((await post(createClient(baseUrl), '/api/source/click', { id: ids.linkId })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    expect(await snapshotOf(a.client, a.homepageId)).toBe(before)
    // Mixed batches failed as a whole: B's own content is untouched too.
    expect(await demoTargets()).toBe(ownBefore)
  })

  test.each([
    ['/api/module/get-list', () => ({ homepageId: ids.homepageId })],
    ['/api/module/get-list', () => ({ 'gb-hid': ids.homepageId })],
    ['/api/module/detail', () => ({ moduleId: ids.moduleId })],
    ['/api/bag/get-list-by-homepage-module', () => ({ module: ids.moduleId, homepageId: ids.homepageId })],
    ['/api/bag/get-create', () => ({ homepageId: ids.homepageId })],
    ['/api/bag/info', () => ({ bid: ids.bid })],
    ['/api/bookmark/list', () => ({ bid: ids.subBid })],
    ['/api/bookmark/list', () => ({ bid: ids.subBid, parentId: ids.folderId })],
    ['/api/bookmark/star-list', () => ({ homepageId: ids.homepageId })],
    ['/api/children/list', () => ({ id: ids.folderId, bid: ids.subBid })],
  ] as const)('B and a guest cannot read A’s private homepage: %s', async (path, query) => {
    for (const client of [b.client, createClient(baseUrl)]) {
      expect((await get(client, path, query())).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
    }
  })

  test('the link detail of a private homepage fails with code -1, like a missing one', async () => {
    for (const id of [ids.linkId, ids.privateLinkId, 2_000_000_000, 'abc']) {
      expect((await get(b.client, '/api/bookmark/detail', { id })).body).toEqual({ code: -1, msg: NOT_FOUND, data: null })
    }
  })
})

describe('user A against the demo homepage (open)', () => {
  test('a visitor reads an open homepage, with private links masked', async () => {
    const guest = createClient(baseUrl)
    expect(await ok(get(guest, '/api/module/detail', { moduleId: demoIds.moduleId }))).toMatchObject({ homepageCode: 'demo' })
    expect(await ok(get(a.client, '/api/bag/info', { bid: demoIds.bid }))).toMatchObject({ bid: demoIds.bid })
    expect((await ok(get(guest, '/api/bookmark/detail', { id: demoIds.linkId }))).info.id).toBe(demoIds.linkId)
    // Anyone who may see a link counts a visit, guests included, by ping (id in the query) or JSON.
    const clicks = async () => (await ok(get(guest, '/api/bookmark/list', { bid: demoIds.bid, size: 100 }))).list.find((s: any) => s.id === demoIds.linkId).clickAmount
    const before = await clicks()
    const ping = await guest.api(`/api/source/click?id=${demoIds.linkId}`, { method: 'POST', body: 'PING', headers: { 'Content-Type': 'text/ping' } })
    expect(ping.body).toEqual({ code: 1, msg: '操作成功！', data: null })
    await ok(post(guest, '/api/source/click', { module: demoIds.moduleId, id: demoIds.linkId }))
    expect(await clicks()).toBe(before + 2)
  })

  test('every mutating call with the demo’s ids fails with 您没有权限执行此操作 or 内容不存在或已被删除, and nothing changes', async () => {
    const before = await demoTargets()
    // The demo homepage holds only links: its ids stand in for every kind (a wrong kind fails too).
    const link = demoIds.linkId
    const demoHome: Ids = {
      homepageId: b.homepageId,
      moduleId: demoIds.moduleId,
      commonModuleId: demoIds.moduleId,
      bid: demoIds.bid,
      subBid: demoIds.bid,
      linkId: link,
      privateLinkId: link,
      folderId: link,
      childId: link,
      dividerId: link,
      noteId: link,
      trashedLinkId: link,
      trashedBid: demoIds.bid,
    }
    const aOwn = { homepageId: a.homepageId, moduleId: ids.moduleId, bid: ids.subBid, linkId: ids.linkId }
    const aBefore = await snapshotOf(a.client, a.homepageId)
    for (const [path, body] of attacksOn(demoHome, aOwn)) {
      const { body: answer } = await post(a.client, path, body)
      expect(answer.code, `${path} ${JSON.stringify(body)}: ${answer.msg}`).not.toBe(1)
      expect(['您没有权限执行此操作', NOT_FOUND, '上级分类不存在', '文件夹不存在或已被删除']).toContain(answer.msg)
    }
    expect(await demoTargets()).toBe(before)
    expect(await snapshotOf(a.client, a.homepageId)).toBe(aBefore)
  })
})

describe('guests and methods', () => {
  test.each(MUTATING_CALLS)('a guest POST to %s is a 403 asking to sign in, and changes nothing', async (path) => {
    const guest = createClient(baseUrl)
    const body = { homepageId: ids.homepageId, moduleId: ids.moduleId, moduleIds: [ids.moduleId], bid: ids.bid, ids: [ids.bid], id: ids.linkId, bs_ids: [ids.linkId], cid: ids.subBid, name: '游客', remark: '游客', icon: 'tabler:x', sour_name: '游客', sour_url: 'https://guest.example/' }
    const { status, body: answer } = await guest.api(path, { method: 'POST', json: body })
    expect(status).toBe(403)
    expect(answer).toEqual({ code: -1, msg: '请先登录', data: null })
    // Form-encoded and empty bodies alike.
    const empty = await guest.api(path, { method: 'POST' })
    expect(empty.status).toBe(403)
    expect(empty.body).toEqual({ code: -1, msg: '请先登录', data: null })
  })

  test('the guest calls above left A’s data alone', async () => {
    expect(await ok(get(a.client, '/api/bookmark/detail', { id: ids.linkId }))).toMatchObject({ info: { name: '甲的链接' } })
    expect((await ok(get(a.client, '/api/module/get-list', { homepageId: ids.homepageId }))).map((m: any) => m.name)).toEqual(['常用', '甲的模块'])
  })

  test.each(READ_CALLS.filter((path) => path !== '/api/bag/view-trash-list'))('a guest GET on %s answers in the envelope', async (path) => {
    const { status, body } = await get(createClient(baseUrl), path)
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 0, data: null })
  })

  test('the trash list needs a session', async () => {
    const { status, body } = await get(createClient(baseUrl), '/api/bag/view-trash-list')
    expect(status).toBe(403)
    expect(body).toEqual({ code: -1, msg: '请先登录', data: null })
  })

  test.each([...MUTATING_CALLS, '/api/source/click'])('GET on %s is a 405 and performs nothing', async (path) => {
    const { status, headers, body } = await get(a.client, path, { moduleId: ids.moduleId, bid: ids.bid, id: ids.linkId, bs_ids: String(ids.linkId) })
    expect(status).toBe(405)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(body).toEqual({ code: 0, msg: '请求方法不允许', data: null })
  })

  test.each(READ_CALLS)('POST on %s is a 405', async (path) => {
    const { status, body } = await post(a.client, path, { homepageId: ids.homepageId, bid: ids.bid })
    expect(status).toBe(405)
    expect(body).toEqual({ code: 0, msg: '请求方法不允许', data: null })
  })

  test('after the GETs on mutating calls A’s link is still there', async () => {
    expect((await ok(get(a.client, '/api/bookmark/list', { bid: ids.subBid }))).list.map((s: any) => s.id)).toContain(ids.linkId)
  })
})

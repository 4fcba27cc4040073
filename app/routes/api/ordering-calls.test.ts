import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { appContext, userContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import * as bagSortMultiple from '#app/routes/api/bag.sort-multiple.ts'
import * as bookmarkSort from '#app/routes/api/bookmark.sort.ts'
import * as childrenChoose from '#app/routes/api/children.choose.ts'
import * as childrenMove from '#app/routes/api/children.move.ts'
import * as childrenSort from '#app/routes/api/children.sort.ts'
import * as sourceOperation from '#app/routes/api/source.operation.ts'
import * as sourceSort from '#app/routes/api/source.sort.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { listBagTree, saveBag } from '#app/services/bag.server.ts'
import { saveModule } from '#app/services/module.server.ts'
import { folderChildren, listSources, saveFolder, saveLink } from '#app/services/source.server.ts'

/** The ordering routes called directly (parameters, envelope, messages), on both databases. */

const db = useTestDb()
type Route = { loader: (args: any) => Response | Promise<Response>; action: (args: any) => Response | Promise<Response> }

function contextFor(user: User | null) {
  const context = new RouterContextProvider()
  context.set(appContext, { db: db(), nonce: '', clientIp: '127.0.0.1' })
  context.set(userContext, user)
  return context
}
async function call(route: Route, user: User | null, body: Record<string, unknown> | URLSearchParams, method = 'POST') {
  const form = body instanceof URLSearchParams
  const request = new Request('http://localhost/api/x', {
    method,
    ...(method === 'GET' ? {} : { body: form ? body : JSON.stringify(body), headers: { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' } }),
  })
  const response = await (method === 'GET' ? route.loader : route.action)({ request, context: contextFor(user) })
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: any } }
}

async function owner() {
  const { user } = await createUser(db())
  const module = await saveModule(db(), user, { homepageId: user.currentHomepageId!, name: '模块', icon: 'tabler:star', moduleType: 0 })
  const bag = async (name: string) => (await saveBag(db(), user, { moduleId: module.moduleId, name, icon: 'tabler:star' })).bid
  return { user, moduleId: module.moduleId, a: await bag('甲'), b: await bag('乙') }
}
const add = async (user: User, bid: number, name: string, parentLinkId?: number) =>
  (await saveLink(db(), user, { bid, name, url: 'https://example.com/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '', parentLinkId })).id
const names = async (user: User, bid: number, parentId?: number) =>
  (await listSources(db(), user, { bid, page: 1, size: 100, sort: 'custom', parentId })).list.map((s) => s.name)

test('bookmark/sort and source/sort: JSON or form, partial lists, NOT_FOUND for a foreign id', async () => {
  const { user, a, b } = await owner()
  const [one, two, three] = [await add(user, a, '一'), await add(user, a, '二'), await add(user, a, '三')]
  expect((await call(bookmarkSort, user, { bid: a, ids: [three, one] })).body).toEqual({ code: 1, msg: '排序已自动保存', data: null })
  expect(await names(user, a)).toEqual(['三', '一', '二'])
  expect((await call(sourceSort, user, new URLSearchParams({ bid: String(a), ids: `${two}`, type: 'link' }))).body.code).toBe(1)
  expect(await names(user, a)).toEqual(['二', '三', '一'])
  const elsewhere = await add(user, b, '别处')
  expect((await call(bookmarkSort, user, { bid: a, ids: [one, elsewhere] })).body).toEqual({ code: 0, msg: '内容不存在或已被删除', data: null })
  expect((await call(sourceSort, user, { bid: a, ids: 'x,y' })).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  expect(await names(user, a)).toEqual(['二', '三', '一'])
})

test('children/sort: a JSON array or a JSON string of {sort, id}', async () => {
  const { user, a } = await owner()
  const folder = (await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })).id
  const [x, y] = [await add(user, a, 'x', folder), await add(user, a, 'y', folder)]
  expect((await call(childrenSort, user, { sort: [{ sort: 1, id: x }, { sort: 0, id: y }] })).body).toEqual({ code: 1, msg: '排序已自动保存', data: null })
  expect(await names(user, a, folder)).toEqual(['y', 'x'])
  const form = new URLSearchParams({ sort: JSON.stringify([{ sort: '0', id: String(x) }]) })
  expect((await call(childrenSort, user, form)).body.code).toBe(1)
  expect(await names(user, a, folder)).toEqual(['x', 'y'])
  for (const sort of ['[', [], [{ sort: 0, id: 0 }], [{ sort: 0, id: x }, { sort: 1, id: folder }]]) {
    expect((await call(childrenSort, user, { sort })).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  }
})

test('source/operation, children/move, children/choose: counts, keys, types', async () => {
  const { user, a, b } = await owner()
  const [one, two] = [await add(user, a, '一'), await add(user, a, '二')]
  expect((await call(sourceOperation, user, { bid: b, ids: [two, one], type: 'move', fromBid: a })).body).toEqual({ code: 1, msg: '操作成功！', data: { count: 2 } })
  expect(await names(user, b)).toEqual(['二', '一'])
  const copy = new URLSearchParams({ bid: String(a), ids: `${one}`, type: 'copy', fromBid: String(b), key: 'k1' })
  expect((await call(sourceOperation, user, copy)).body).toEqual({ code: 1, msg: '操作成功！', data: { count: 1 } })
  expect((await call(sourceOperation, user, copy)).body).toEqual({ code: 1, msg: '操作成功！', data: { count: 0 } })
  expect(await names(user, a)).toEqual(['一'])
  expect((await call(sourceOperation, user, { bid: b, ids: [one], type: 'swap' })).body).toMatchObject({ code: 0, msg: '操作类型不正确' })
  expect((await call(sourceOperation, user, { bid: b, ids: [one], fromBid: -1 })).body).toMatchObject({ code: 0, msg: '操作类型不正确' })
  const folder = (await saveFolder(db(), user, { bid: a, name: '夹', summary: '' })).id
  expect((await call(childrenChoose, user, { pid: folder, id: `${one},${two}`, action: 'copy' })).body).toEqual({ code: 1, msg: '操作成功！', data: { count: 2 } })
  expect((await folderChildren(db(), user, folder)).list.map((s) => s.name)).toEqual(['一', '二'])
  expect((await call(childrenChoose, user, { pid: folder, id: two, action: 'move' })).body.data).toEqual({ count: 1 })
  expect((await call(childrenChoose, user, { pid: folder, id: [two] })).body).toMatchObject({ code: 0, msg: '操作类型不正确' })
  const child = (await folderChildren(db(), user, folder)).list[0]!.id
  expect((await call(childrenMove, user, { id: child, bid: b })).body).toEqual({ code: 1, msg: '操作成功！', data: { count: 1 } })
  expect(await names(user, b)).toEqual(['一', '一'])
  expect((await call(childrenMove, user, { id: child, bid: a, type: 'copy' })).body.data).toEqual({ count: 1 })
  expect(await names(user, b)).toEqual(['一', '一'])
  expect((await names(user, a)).at(-1)).toBe('一')
})

test('children/move with afterId and parentId: one call places a dropped bookmark; refusals change nothing', async () => {
  const { user, a, b } = await owner()
  const [one, two] = [await add(user, a, '一'), await add(user, a, '二')]
  const [x, y] = [await add(user, b, 'x'), await add(user, b, 'y')]
  const folder = (await saveFolder(db(), user, { bid: b, name: '夹', summary: '' })).id
  const done = { code: 1, msg: '操作成功！', data: { count: 1 } }
  // Right after x in the other category; then first there (afterId 0, as a form).
  expect((await call(childrenMove, user, { id: one, bid: b, afterId: x })).body).toEqual(done)
  expect(await names(user, b)).toEqual(['x', '一', 'y', '夹'])
  expect(await names(user, a)).toEqual(['二'])
  expect((await call(childrenMove, user, new URLSearchParams({ id: String(two), bid: String(b), afterId: '0' }))).body).toEqual(done)
  expect(await names(user, b)).toEqual(['二', 'x', '一', 'y', '夹'])
  // Into a folder: last without afterId, or at a place in it.
  expect((await call(childrenMove, user, { id: x, bid: b, parentId: folder })).body).toEqual(done)
  expect((await call(childrenMove, user, { id: y, bid: b, parentId: folder, afterId: 0 })).body).toEqual(done)
  expect(await names(user, b, folder)).toEqual(['y', 'x'])
  // Out of the folder to a place in the top level.
  expect((await call(childrenMove, user, { id: x, bid: b, parentId: '', afterId: two })).body).toEqual(done)
  expect(await names(user, b)).toEqual(['二', 'x', '一', '夹'])
  expect(await names(user, b, folder)).toEqual(['y'])
  // afterId must be in the target list; folders do not go into folders; a bad afterId is not found.
  expect((await call(childrenMove, user, { id: one, bid: a, afterId: x })).body).toEqual({ code: 0, msg: '内容不存在或已被删除', data: null })
  expect((await call(childrenMove, user, { id: folder, bid: b, parentId: folder, afterId: 0 })).body).toMatchObject({ code: 0, msg: '文件夹不能放入文件夹' })
  expect((await call(childrenMove, user, { id: one, bid: b, afterId: 'next' })).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  expect(await names(user, b)).toEqual(['二', 'x', '一', '夹'])
  expect(await names(user, a)).toEqual([])
  // Another user's list: not found, nothing moves.
  const stranger = await owner()
  expect((await call(childrenMove, stranger.user, { id: one, bid: stranger.a, afterId: 0 })).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  expect((await call(childrenMove, user, { id: one, bid: stranger.a, afterId: 0 })).body).toMatchObject({ code: 0, msg: '内容不存在或已被删除' })
  expect(await names(user, b)).toEqual(['二', 'x', '一', '夹'])
})

test('bag/sort-multiple: before, after, inner, and its messages', async () => {
  const { user, moduleId, a, b } = await owner()
  const tree = async () => (await listBagTree(db(), user, moduleId)).map((n) => `${n.name}${n.children.length ? `(${n.children.map((c) => c.name).join(',')})` : ''}`)
  expect((await call(bagSortMultiple, user, { type: 'before', dropId: b, targetId: a })).body).toEqual({ code: 1, msg: '排序已自动保存', data: null })
  expect(await tree()).toEqual(['乙', '甲'])
  expect((await call(bagSortMultiple, user, new URLSearchParams({ type: 'inner', dropId: String(a), targetId: String(b) }))).body.code).toBe(1)
  expect(await tree()).toEqual(['乙(甲)'])
  expect((await call(bagSortMultiple, user, { type: 'inner', dropId: b, targetId: a })).body).toMatchObject({ code: 0, msg: '不能移动到自己或自己的子分类下' })
  expect((await call(bagSortMultiple, user, { type: 'up', dropId: b, targetId: a })).body).toMatchObject({ code: 0, msg: '操作类型不正确' })
  await call(bagSortMultiple, user, { type: 'after', dropId: a, targetId: b })
  expect(await tree()).toEqual(['乙', '甲'])
})

test('every ordering route: GET is a 405, a guest POST a 403', async () => {
  for (const route of [bookmarkSort, sourceSort, childrenSort, sourceOperation, childrenMove, childrenChoose, bagSortMultiple]) {
    expect(await call(route, null, {}, 'GET')).toEqual({ status: 405, body: { code: 0, msg: '请求方法不允许', data: null } })
    expect(await call(route, null, { bid: 1, ids: [1], id: 1, pid: 1, type: 'move', action: 'move', sort: [{ sort: 0, id: 1 }], dropId: 1, targetId: 2 })).toEqual({
      status: 403,
      body: { code: -1, msg: '请先登录', data: null },
    })
  }
})

import { beforeAll, describe, expect, inject, test } from 'vitest'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const DELETED = '删除成功！您可以在回收站中查看已删除书签'
const NOT_FOUND = '内容不存在或已被删除'
const HUGE = 99_999_999_999

// One account for the whole file (registrations are rate-limited per IP).
let me: { client: Client; homepageId: number }
beforeAll(async () => {
  me = await signUp(baseUrl, '接口旅程')
})

const names = (list: { name: string }[]) => list.map((item) => item.name)

test('the content API, end to end: modules, categories, links, a folder, a divider, a note, the trash', async () => {
  const { client, homepageId } = me

  // --- Modules -----------------------------------------------------------------------------
  const added = await post(client, '/api/module/add', { homepageId, name: '工作', icon: 'tabler:briefcase', moduleType: 2 })
  expect(added.body).toMatchObject({ code: 1, msg: '保存成功', data: { name: '工作', moduleType: 2, isDefault: false } })
  const work: number = added.body.data.moduleId
  expect(names(await ok(get(client, '/api/module/get-list', { homepageId })))).toEqual(['常用', '工作'])
  // gb-hid stands in for homepageId, as every legacy request carries it.
  expect(names(await ok(get(client, '/api/module/get-list', { 'gb-hid': homepageId })))).toEqual(['常用', '工作'])

  const renamed = await ok(post(client, '/api/module/add', { homepageId, moduleId: work, name: '工作台', icon: 'tabler:star', moduleType: 1 }))
  expect(renamed).toMatchObject({ moduleId: work, name: '工作台', icon: 'tabler:star', moduleType: 2 })
  expect(await ok(get(client, '/api/module/detail', { moduleId: work }))).toMatchObject({
    moduleId: work,
    name: '工作台',
    moduleType: 2,
    homepageId,
    homepageName: '接口旅程的主页',
    nickname: '接口旅程',
  })

  // --- Categories: a category and a sub-category (legacy categoryId, form-encoded) --------------
  const dev = await ok(post(client, '/api/bag/add', { moduleId: work, name: '开发', icon: 'tabler:code', color: '#3b7ddd' }))
  expect(dev).toMatchObject({ name: '开发', moduleId: work, parentId: 0, color: '#3b7ddd' })
  const front = await ok(
    postForm(client, '/api/bag/add', { moduleId: String(work), name: '前端', icon: 'tabler:brand-html5', categoryId: String(dev.bid), bid: '' }),
  )
  expect(front).toMatchObject({ name: '前端', parentId: dev.bid })
  const frontEdit = await post(client, '/api/bag/add', { bid: front.bid, moduleId: work, name: '前端开发', icon: 'tabler:code', parentId: dev.bid })
  expect(frontEdit.body).toMatchObject({ code: 1, msg: '保存成功', data: { bid: front.bid, name: '前端开发' } })
  const bid: number = front.bid

  const tree = await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: work, homepageId }))
  expect(tree).toMatchObject([{ bid: dev.bid, name: '开发', children: [{ bid, name: '前端开发', children: [] }] }])
  expect(await ok(get(client, '/api/bag/info', { bid }))).toMatchObject({ bid, name: '前端开发', categoryId: dev.bid, moduleId: work, moduleType: 2 })
  const create = await ok(get(client, '/api/bag/get-create', { homepageId }))
  expect(create.map((m: any) => [m.name, names(m.children)])).toEqual([
    ['常用', ['常用网站']],
    ['工作台', ['开发']],
  ])
  expect(create[1]).toMatchObject({ label: '工作台', value: work })

  // --- A link (the legacy form, form-encoded, formats as a JSON string) -----------------------
  const link = await postForm(client, '/api/source/add', {
    bs_id: '',
    sour_name: 'MDN',
    sour_url: 'https://developer.mozilla.org/',
    note: '文档',
    bid: String(bid),
    parentLinkId: '',
    icon: 'tabler:world',
    formats: JSON.stringify({ color: '#ff0000', weight: 'bold' }),
    isOnlyOwnView: '',
    isOnlyOwnViewRemark: '',
  })
  expect(link.body).toMatchObject({ code: 1, msg: '保存成功', data: { name: 'MDN', type: 'link', bid, private: false } })
  const linkId: number = link.body.data.id
  const linkEdit = await ok(
    post(client, '/api/source/add', {
      bs_id: linkId,
      sour_name: 'MDN 中文',
      sour_url: 'https://developer.mozilla.org/zh-CN/',
      note: '',
      bid,
      icon: 'tabler:world',
      isOnlyOwnView: '1',
      isOnlyOwnViewRemark: '自己看',
    }),
  )
  expect(linkEdit).toMatchObject({ id: linkId, name: 'MDN 中文', url: 'https://developer.mozilla.org/zh-CN/', private: true })
  const detail = await get(client, '/api/bookmark/detail', { id: linkId })
  expect(detail.body).toMatchObject({
    code: 1,
    data: {
      info: {
        id: linkId,
        name: 'MDN 中文',
        url: 'https://developer.mozilla.org/zh-CN/',
        note: '',
        iconKey: 'tabler:world',
        bid,
        bagName: '前端开发',
        formats: { color: '#ff0000', weight: 'bold' },
        isOnlyOwnView: '1',
        isOnlyOwnViewRemark: '自己看',
      },
    },
  })

  // --- A folder with two children ------------------------------------------------------------
  const folder = await ok(post(client, '/api/bookmark/add-folder', { bid, name: '工具', summary: '常用工具', icon: 'tabler:folder' }))
  expect(folder).toMatchObject({ type: 'folder', name: '工具', note: '常用工具' })
  const child1 = await ok(post(client, '/api/source/add', { bid, parentLinkId: folder.id, sour_name: '子一', sour_url: 'https://a.example/' }))
  const child2 = await ok(post(client, '/api/source/add', { bid, parentLinkId: folder.id, sour_name: '子二', sour_url: 'https://b.example/' }))
  expect(child1.parentId).toBe(folder.id)
  await ok(post(client, '/api/bookmark/add-folder', { id: folder.id, bid, name: '工具箱', summary: '改过' }))
  await ok(post(client, '/api/source/add', { bs_id: child1.id, bid, parentLinkId: folder.id, sour_name: '子一改', sour_url: 'https://a.example/x' }))
  const children = await ok(get(client, '/api/children/list', { id: folder.id, bid }))
  expect(children.parentInfo).toMatchObject({ id: folder.id, name: '工具箱', note: '改过' })
  expect(names(children.list)).toEqual(['子一改', '子二'])
  expect((await get(client, '/api/children/list', { id: folder.id, bid: dev.bid })).body).toMatchObject({ code: 0, msg: NOT_FOUND })

  // --- A divider and a note ------------------------------------------------------------------
  const divider = await ok(post(client, '/api/bookmark/add-divider', { bid, name: '分割', align: 'left', style: 'dashed', color: '#cccccc' }))
  expect(divider).toMatchObject({ type: 'divider', name: '分割', formats: { align: 'left', style: 'dashed', color: '#cccccc' } })
  const dividerEdit = await ok(post(client, '/api/bookmark/add-divider', { id: divider.id, bid, name: '', align: 'right', style: 'double' }))
  // Without a title there is nothing to align (spec §5).
  expect(dividerEdit).toMatchObject({ name: '', formats: { align: 'center', style: 'double' } })
  const note = await post(client, '/api/bookmark/create-base', { cid: bid, remark: '读书笔记', type: 'note' })
  expect(note.body).toMatchObject({ code: 1, data: { type: 'note', name: '读书笔记', bid } })
  const renamedNote = await post(client, '/api/bookmark/rename', { id: note.body.data.id, remark: '读书笔记二' })
  expect(renamedNote.body).toMatchObject({ code: 1, msg: '保存成功', data: { name: '读书笔记二' } })
  expect((await post(client, '/api/bookmark/create-base', { cid: bid, remark: '代码', type: 'code' })).body).toMatchObject({ code: 0, msg: '暂不支持该书签类型' })

  // --- Lists ---------------------------------------------------------------------------------
  const list = await ok(get(client, '/api/bookmark/list', { bid }))
  expect(list).toMatchObject({ total: 4, page: 1, size: 20 })
  expect(list.list.map((s: any) => [s.type, s.name])).toEqual([
    ['link', 'MDN 中文'],
    ['folder', '工具箱'],
    ['divider', ''],
    ['note', '读书笔记二'],
  ])
  expect(list.list[1]).toMatchObject({ childrenAmount: 2 })
  expect(list.list[1].children).toBeUndefined()
  const withChild = await ok(get(client, '/api/bookmark/list', { bid, withChild: 1, divider: 0 }))
  expect(withChild.list.map((s: any) => s.type)).toEqual(['link', 'folder', 'note'])
  expect(names(withChild.list[1].children)).toEqual(['子一改', '子二'])
  expect(names((await ok(get(client, '/api/bookmark/list', { bid, wd: 'mdn' }))).list)).toEqual(['MDN 中文'])
  expect(names((await ok(get(client, '/api/bookmark/list', { bid, sort: 'newest', size: 2, page: 2 }))).list)).toEqual(['工具箱', 'MDN 中文'])
  expect((await ok(get(client, '/api/bookmark/list', { bid, size: 1000, sort: 'nonsense' }))).size).toBe(100)
  expect(names((await ok(get(client, '/api/bookmark/list', { bid, parentId: folder.id }))).list)).toEqual(['子一改', '子二'])

  // --- Star and privacy toggles --------------------------------------------------------------
  const star = await post(client, '/api/bookmark/mark-star', { id: linkId })
  expect(star.body).toMatchObject({ code: 1, msg: '操作成功！', data: { liked: true } })
  expect(names(await ok(get(client, '/api/bookmark/star-list', { homepageId })))).toEqual(['MDN 中文'])
  expect((await ok(post(client, '/api/bookmark/mark-star', { id: linkId }))).liked).toBe(false)
  expect(await ok(get(client, '/api/bookmark/star-list', { homepageId }))).toEqual([])
  const priv = await post(client, '/api/bookmark/change-private', { id: linkId })
  expect(priv.body).toMatchObject({ code: 1, msg: '隐私设置成功', data: { private: false } })
  expect((await ok(post(client, '/api/bookmark/change-private', { id: linkId }))).private).toBe(true)
  await ok(post(client, '/api/bookmark/change-private', { id: linkId }))

  // --- Clicks: JSON body, and the `ping` attribute's text/ping body with the id in the query ---
  await ok(post(client, '/api/source/click', { module: -1, id: linkId }))
  const ping = await client.api(`/api/source/click?id=${linkId}`, {
    method: 'POST',
    body: 'PING',
    headers: { ...client.sameOrigin, 'Content-Type': 'text/ping' },
  })
  expect(ping.body).toEqual({ code: 1, msg: '操作成功！', data: null })
  const clicked = (await ok(get(client, '/api/bookmark/list', { bid, sort: 'most-clicks' }))).list[0]
  expect(clicked).toMatchObject({ id: linkId, clickAmount: 2 })
  expect(clicked.clickTime).toEqual(expect.any(String))
  // The start page's own ping, POST /c/{id}: 204 and counted; from another site refused, not counted.
  const shortPing = await client.request(`/c/${linkId}`, { method: 'POST', body: 'PING', headers: { ...client.sameOrigin, 'Content-Type': 'text/ping' } })
  expect(shortPing.status).toBe(204)
  const foreign = await client.request(`/c/${linkId}`, { method: 'POST', body: 'PING', headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/ping' } })
  expect(foreign.status).toBe(403)
  expect((await client.request(`/c/${linkId}`)).status, 'a GET counts nothing').toBe(405)
  expect((await client.request('/c/99999999', { method: 'POST', body: 'PING', headers: client.sameOrigin })).status, 'no such link: nothing to say').toBe(204)
  expect((await ok(get(client, '/api/bookmark/list', { bid, sort: 'most-clicks' }))).list[0]).toMatchObject({ id: linkId, clickAmount: 3 })
  expect((await client.api('/api/source/click', { method: 'POST', body: 'PING', headers: { ...client.sameOrigin, 'Content-Type': 'text/ping' } })).body).toMatchObject({ code: 0, msg: NOT_FOUND })

  // --- Trash: delete → listed → restore → gone from the trash; delete again → delete-hard ------
  const deleted = await post(client, '/api/source/delete', { bs_ids: String(linkId) })
  expect(deleted.body).toEqual({ code: 1, msg: DELETED, data: null })
  expect(names((await ok(get(client, '/api/bookmark/list', { bid }))).list)).not.toContain('MDN 中文')
  expect((await get(client, '/api/bookmark/detail', { id: linkId })).body).toEqual({ code: -1, msg: NOT_FOUND, data: null })
  const trash = await ok(get(client, '/api/bag/view-trash-list', { page: 1 }))
  expect(trash.list).toContainEqual(expect.objectContaining({ kind: 'source', id: linkId, name: 'MDN 中文', bagName: '前端开发' }))
  expect(trash).toMatchObject({ page: 1, size: 20 })
  expect((await post(client, '/api/source/restore', { id: linkId })).body).toMatchObject({ code: 1, msg: '操作成功！' })
  expect((await ok(get(client, '/api/bag/view-trash-list'))).list.map((i: any) => i.id)).not.toContain(linkId)
  expect(names((await ok(get(client, '/api/bookmark/list', { bid }))).list)).toContain('MDN 中文')
  expect((await post(client, '/api/source/delete-hard', { id: linkId })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
  await ok(post(client, '/api/source/delete', { bs_ids: [linkId] }))
  expect((await post(client, '/api/source/delete-hard', { id: linkId })).body).toMatchObject({ code: 1 })
  expect((await ok(get(client, '/api/bag/view-trash-list'))).list.map((i: any) => i.id)).not.toContain(linkId)
  expect((await post(client, '/api/source/restore', { id: linkId })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
  expect((await post(client, '/api/source/delete', { bs_ids: [divider.id] })).body).toMatchObject({ code: 1, msg: '分割线已删除！' })
  // A folder goes to the trash with its children and comes back with them.
  await ok(post(client, '/api/source/delete', { bs_ids: `${folder.id}` }))
  const folderTrash = (await ok(get(client, '/api/bag/view-trash-list'))).list
  expect(folderTrash.filter((i: any) => [folder.id, child1.id, child2.id].includes(i.id)).map((i: any) => i.id)).toEqual([folder.id])
  await ok(post(client, '/api/source/restore', { id: folder.id }))
  expect(names((await ok(get(client, '/api/children/list', { id: folder.id }))).list)).toEqual(['子一改', '子二'])

  // --- Category order, formats and card layout -----------------------------------------------
  const design = await ok(post(client, '/api/bag/add', { moduleId: work, name: '设计', icon: 'tabler:palette' }))
  const sorted = await post(client, '/api/bag/sort', { ids: `${design.bid},${dev.bid}` })
  expect(sorted.body).toEqual({ code: 1, msg: '排序已自动保存', data: null })
  expect(names(await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: work })))).toEqual(['设计', '开发'])
  const formats = await postForm(client, '/api/bag/set-formats', { bid: String(bid), formats: '{"color":"#112233","size":"14px","align":"sideways"}' })
  expect(formats.body).toMatchObject({ code: 1, msg: '保存成功', data: { formats: { color: '#112233', size: '14px' } } })
  expect(formats.body.data.formats.align).toBeUndefined()
  const card = await ok(post(client, '/api/bag/set-card-config', { bid, column: '4', linkStyle: 'card', linkColumn: 2 }))
  expect(card).toMatchObject({ column: 4, linkStyle: 'card', linkColumn: 2 })
  expect(await ok(post(client, '/api/bag/clear-card-config', { bid }))).toMatchObject({ column: null, linkStyle: null, linkColumn: null })

  // --- A category to the trash and back, then for good ---------------------------------------
  const bagDeleted = await post(client, '/api/bag/delete', { bid: dev.bid })
  expect(bagDeleted.body).toEqual({ code: 1, msg: '删除成功！您可以在回收站中恢复', data: null })
  expect((await get(client, '/api/bookmark/list', { bid })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
  const bagTrash = (await ok(get(client, '/api/bag/view-trash-list'))).list
  expect(bagTrash).toContainEqual(expect.objectContaining({ kind: 'bag', id: dev.bid, name: '开发' }))
  // The sub-category and its bookmarks are one entry with their category.
  expect(bagTrash.map((i: any) => i.id)).not.toContain(bid)
  await ok(post(client, '/api/bag/restore', { bid: dev.bid }))
  expect((await ok(get(client, '/api/bookmark/list', { bid }))).total).toBe(2)
  await ok(post(client, '/api/bag/delete', { bid: design.bid }))
  expect((await post(client, '/api/bag/delete-hard', { bid: design.bid })).body).toMatchObject({ code: 1 })
  expect((await post(client, '/api/bag/restore', { bid: design.bid })).body).toMatchObject({ code: 0, msg: NOT_FOUND })

  // --- Module order, default, share status, delete -------------------------------------------
  const modules = await ok(get(client, '/api/module/get-list', { homepageId }))
  const common = modules[0].moduleId
  expect((await postForm(client, '/api/module/sort', { moduleIds: `${work},${common}` })).body).toMatchObject({ code: 1, msg: '排序已自动保存' })
  expect(names(await ok(get(client, '/api/module/get-list', { homepageId })))).toEqual(['工作台', '常用'])
  expect((await post(client, '/api/module/set-default-module', { moduleId: work, homepageId })).body).toMatchObject({ code: 1, msg: '设置成功' })
  const afterDefault = await ok(get(client, '/api/module/get-list', { homepageId }))
  expect(afterDefault.filter((m: any) => m.isDefault).map((m: any) => m.moduleId)).toEqual([work])
  expect((await post(client, '/api/module/set-default-module', { moduleId: work, homepageId: homepageId + 100000 })).body).toMatchObject({ code: 0 })
  expect((await ok(post(client, '/api/module/change-status', { moduleId: work }))).isOpen).toBe(true)
  expect((await ok(post(client, '/api/module/change-status', { moduleId: work }))).isOpen).toBe(false)
  expect((await post(client, '/api/module/hard-delete', { moduleIds: [work] })).body).toMatchObject({ code: 1, msg: '操作成功！' })
  const rest = await ok(get(client, '/api/module/get-list', { homepageId }))
  expect(rest.map((m: any) => [m.name, m.isDefault])).toEqual([['常用', true]])
  expect((await get(client, '/api/module/detail', { moduleId: work })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
})

describe('validation through the API: code 0, the spec message, nothing written', () => {
  let ids: { moduleId: number; bid: number; linkId: number; folderId: number }

  /** The account's modules with their category trees, the target category's bookmarks (with folder children), the trash. */
  async function snapshot() {
    const { client, homepageId } = me
    const create = await ok(get(client, '/api/bag/get-create', { homepageId }))
    const list = await ok(get(client, '/api/bookmark/list', { bid: ids.bid, size: 100, withChild: 1 }))
    const trash = await ok(get(client, '/api/bag/view-trash-list'))
    return JSON.stringify({ create, list, trash })
  }

  beforeAll(async () => {
    const { client, homepageId } = me
    const module = await ok(post(client, '/api/module/add', { homepageId, name: '校验', icon: 'tabler:check', moduleType: 0 }))
    const bag = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name: '校验分类', icon: 'tabler:check' }))
    const link = await ok(post(client, '/api/source/add', { bid: bag.bid, sour_name: '原名', sour_url: 'https://example.com/' }))
    const folder = await ok(post(client, '/api/bookmark/add-folder', { bid: bag.bid, name: '原文件夹' }))
    ids = { moduleId: module.moduleId, bid: bag.bid, linkId: link.id, folderId: folder.id }
  })

  const long = (n: number) => '字'.repeat(n)
  type Case = [label: string, path: string, body: (i: typeof ids, homepageId: number) => Record<string, unknown>, msg: string]
  const cases: Case[] = [
    ['module name empty', '/api/module/add', (_, homepageId) => ({ homepageId, name: '', icon: 'tabler:x' }), '请输入模块名称'],
    ['module name blank', '/api/module/add', (_, homepageId) => ({ homepageId, name: '   ', icon: 'tabler:x' }), '请输入模块名称'],
    ['module name missing', '/api/module/add', (_, homepageId) => ({ homepageId, icon: 'tabler:x' }), '请输入模块名称'],
    ['module name 21', '/api/module/add', (_, homepageId) => ({ homepageId, name: long(21), icon: 'tabler:x' }), '模块名称不能超过20个字'],
    ['module rename 21', '/api/module/add', (i, homepageId) => ({ homepageId, moduleId: i.moduleId, name: long(21), icon: 'tabler:x' }), '模块名称不能超过20个字'],
    ['module icon missing', '/api/module/add', (_, homepageId) => ({ homepageId, name: '新模块' }), '请选择图标'],
    ['module icon empty', '/api/module/add', (_, homepageId) => ({ homepageId, name: '新模块', icon: '' }), '请选择图标'],
    ['category name empty', '/api/bag/add', (i) => ({ moduleId: i.moduleId, name: '', icon: 'tabler:x' }), '请输入名称'],
    ['category edit name empty', '/api/bag/add', (i) => ({ bid: i.bid, moduleId: i.moduleId, name: '', icon: 'tabler:x' }), '请输入名称'],
    ['category name 21', '/api/bag/add', (i) => ({ moduleId: i.moduleId, name: long(21), icon: 'tabler:x' }), '名称不能超过20个字'],
    ['category icon missing', '/api/bag/add', (i) => ({ moduleId: i.moduleId, name: '新分类' }), '请选择图标'],
    ['link name empty', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '', sour_url: 'https://example.com/' }), '请输入网站名称'],
    ['link edit name empty', '/api/source/add', (i) => ({ bs_id: i.linkId, bid: i.bid, sour_name: '', sour_url: 'https://example.com/' }), '请输入网站名称'],
    ['link name 101', '/api/source/add', (i) => ({ bid: i.bid, sour_name: long(101), sour_url: 'https://example.com/' }), '网站名称的长度不能超过100个字'],
    ['link url empty', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '网站', sour_url: '' }), '请输入网站链接URL'],
    ['link url missing', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '网站' }), '请输入网站链接URL'],
    ['javascript: url', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '网站', sour_url: 'javascript:alert(1)' }), '请输入http或https开头的链接'],
    ['data: url', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '网站', sour_url: 'data:text/html,x' }), '请输入http或https开头的链接'],
    ['javascript: url on edit', '/api/source/add', (i) => ({ bs_id: i.linkId, bid: i.bid, sour_name: '网站', sour_url: ' JavaScript:alert(1)' }), '请输入http或https开头的链接'],
    ['link note 101', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '网站', sour_url: 'https://example.com/', note: long(101) }), '备注的长度不能超过100个字'],
    ['private remark 101', '/api/source/add', (i) => ({ bid: i.bid, sour_name: '网站', sour_url: 'https://example.com/', isOnlyOwnView: '1', isOnlyOwnViewRemark: long(101) }), '备注的长度不能超过100个字'],
    ['folder name empty', '/api/bookmark/add-folder', (i) => ({ bid: i.bid, name: '' }), '请输入文件夹名称'],
    ['folder name 31', '/api/bookmark/add-folder', (i) => ({ bid: i.bid, name: long(31) }), '名称不能超过30个字'],
    ['folder edit name 31', '/api/bookmark/add-folder', (i) => ({ id: i.folderId, bid: i.bid, name: long(31) }), '名称不能超过30个字'],
    ['folder summary 51', '/api/bookmark/add-folder', (i) => ({ bid: i.bid, name: '文件夹', summary: long(51) }), '备注长度不能超过50个字'],
    ['folder renamed to 31', '/api/bookmark/rename', (i) => ({ id: i.folderId, remark: long(31) }), '名称不能超过30个字'],
    ['note remark empty', '/api/bookmark/create-base', (i) => ({ cid: i.bid, remark: '', type: 'note' }), '请输入名称'],
    ['rename to empty', '/api/bookmark/rename', (i) => ({ id: i.linkId, remark: '' }), '请输入名称'],
    ['divider title 31', '/api/bookmark/add-divider', (i) => ({ bid: i.bid, name: long(31) }), '分割线标题不能超过30个字'],
    // Ids beyond PostgreSQL's integer are "not found", never a database error.
    ['module on a huge homepage id', '/api/module/add', () => ({ homepageId: HUGE, name: '模块', icon: 'tabler:x' }), NOT_FOUND],
    ['category under a huge parent', '/api/bag/add', (i) => ({ moduleId: i.moduleId, categoryId: String(HUGE), name: '分类', icon: 'tabler:x' }), NOT_FOUND],
    ['link into a huge category', '/api/source/add', () => ({ bid: HUGE, sour_name: '网站', sour_url: 'https://example.com/' }), NOT_FOUND],
    ['link edit of a huge id', '/api/source/add', (i) => ({ bs_id: String(HUGE), bid: i.bid, sour_name: '网站', sour_url: 'https://example.com/' }), NOT_FOUND],
    ['folder edit of a huge id', '/api/bookmark/add-folder', (i) => ({ id: HUGE, bid: i.bid, name: '文件夹' }), NOT_FOUND],
    ['divider in a huge folder', '/api/bookmark/add-divider', (i) => ({ bid: i.bid, parentLinkId: HUGE }), NOT_FOUND],
    ['note in a huge category', '/api/bookmark/create-base', () => ({ cid: HUGE, remark: '笔记', type: 'note' }), NOT_FOUND],
    ['delete a huge id', '/api/source/delete', () => ({ bs_ids: `${HUGE}` }), NOT_FOUND],
    ['sort with a non-id', '/api/bag/sort', (i) => ({ ids: `${i.bid},abc` }), NOT_FOUND],
  ]

  test.each(cases)('%s', async (_label, path, body, msg) => {
    const before = await snapshot()
    const { status, body: answer } = await post(me.client, path, body(ids, me.homepageId))
    expect(status).toBe(200)
    expect(answer).toEqual({ code: 0, msg, data: null })
    expect(await snapshot()).toBe(before)
  })

  test.each([
    ['/api/module/get-list', { homepageId: HUGE }],
    ['/api/module/detail', { moduleId: HUGE }],
    ['/api/bag/get-list-by-homepage-module', { module: HUGE }],
    ['/api/bag/get-create', { homepageId: HUGE }],
    ['/api/bag/info', { bid: HUGE }],
    ['/api/bookmark/list', { bid: HUGE }],
    ['/api/bookmark/list', { bid: 'abc' }],
    ['/api/bookmark/star-list', { homepageId: HUGE }],
    ['/api/children/list', { id: HUGE }],
    ['/api/children/list', {}],
  ] as const)('GET %s with %j: not found', async (path, query) => {
    expect((await get(me.client, path, query)).body).toEqual({ code: 0, msg: NOT_FOUND, data: null })
  })

  test('form-encoded bodies get the same messages', async () => {
    const before = await snapshot()
    const answer = await postForm(me.client, '/api/source/add', { bid: String(ids.bid), sour_name: '网站', sour_url: 'data:text/html,x', isOnlyOwnView: '' })
    expect(answer.body).toEqual({ code: 0, msg: '请输入http或https开头的链接', data: null })
    expect(await snapshot()).toBe(before)
  })
})

test('the 101st bookmark of a category (or folder) is refused with 最多添加100个书签; dividers do not count', async () => {
  const { client, homepageId } = me
  const module = await ok(post(client, '/api/module/add', { homepageId, name: '上限', icon: 'tabler:list', moduleType: 0 }))
  const bag = await ok(post(client, '/api/bag/add', { moduleId: module.moduleId, name: '满了', icon: 'tabler:list' }))
  const folder = await ok(post(client, '/api/bookmark/add-folder', { bid: bag.bid, name: '满的文件夹' }))
  for (let start = 1; start < 100; start += 11) {
    const batch = Array.from({ length: Math.min(11, 100 - start) }, (_, k) =>
      ok(post(client, '/api/source/add', { bid: bag.bid, sour_name: `链接${start + k}`, sour_url: `https://example.com/${start + k}` })),
    )
    await Promise.all(batch)
  }
  expect((await ok(get(client, '/api/bookmark/list', { bid: bag.bid, size: 100 }))).total).toBe(100)
  const refused = [
    post(client, '/api/source/add', { bid: bag.bid, sour_name: '第101个', sour_url: 'https://example.com/101' }),
    post(client, '/api/bookmark/add-folder', { bid: bag.bid, name: '再一个' }),
    post(client, '/api/bookmark/create-base', { cid: bag.bid, remark: '笔记', type: 'note' }),
  ]
  for (const call of refused) expect((await call).body).toEqual({ code: 0, msg: '最多添加100个书签', data: null })
  expect((await post(client, '/api/bookmark/add-divider', { bid: bag.bid, name: '分割线不算' })).body.code).toBe(1)
  expect((await ok(get(client, '/api/bookmark/list', { bid: bag.bid, divider: 0 }))).total).toBe(100)

  // A folder holds 100 too: fill it by moving links in, then one more is refused.
  const list = (await ok(get(client, '/api/bookmark/list', { bid: bag.bid, size: 100, divider: 0 }))).list.filter((s: any) => s.type === 'link')
  for (const item of list) {
    await ok(post(client, '/api/source/add', { bs_id: item.id, bid: bag.bid, parentLinkId: folder.id, sour_name: item.name, sour_url: item.url }))
  }
  expect((await ok(get(client, '/api/children/list', { id: folder.id }))).list).toHaveLength(99)
  await ok(post(client, '/api/source/add', { bid: bag.bid, parentLinkId: folder.id, sour_name: '第100个', sour_url: 'https://example.com/100' }))
  const over = await post(client, '/api/source/add', { bid: bag.bid, parentLinkId: folder.id, sour_name: '第101个', sour_url: 'https://example.com/101' })
  expect(over.body).toEqual({ code: 0, msg: '最多添加100个书签', data: null })
})

test('a bookmark named like markup is stored as text and rendered escaped', async () => {
  const { client, homepageId } = me
  const name = '<img src=x onerror=alert(1)>'
  const modules = await ok(get(client, '/api/bag/get-create', { homepageId }))
  const starter = modules.find((m: any) => m.name === '常用').children.find((b: any) => b.name === '常用网站')
  const saved = await ok(post(client, '/api/source/add', { bid: starter.bid, sour_name: name, sour_url: 'https://example.com/xss', note: '<b>粗</b>' }))
  expect(saved.name).toBe(name)
  expect((await ok(get(client, '/api/bookmark/detail', { id: saved.id }))).info).toMatchObject({ name, note: '<b>粗</b>' })
  expect((await ok(get(client, '/api/bookmark/list', { bid: starter.bid }))).list.map((s: any) => s.name)).toContain(name)

  const response = await client.request('/')
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  expect(html).not.toMatch(/<img[^>]*onerror/i)
  expect(html).not.toContain('<b>粗</b>')
})

import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

/** The owner's side of many homepages through /api/homepage/* (docs/api.md §15), against the built server. */

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const FORBIDDEN = '您没有权限执行此操作'
const icon = 'tabler:home'
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

const add = (client: Client, body: Record<string, unknown>) => post(client, '/api/homepage/add', { icon, ...body })
const created = async (client: Client) => (await ok(get(client, '/api/homepage/get-create-list'))) as { id: number; title: string; [k: string]: unknown }[]

test('add and edit: the spec’s messages, codes unique in any letter case, reserved words refused', async () => {
  const owner = await signUp(baseUrl, '多主页')
  const rival = await signUp(baseUrl, '对手')
  const failures: [Record<string, unknown>, string][] = [
    [{ title: '' }, '请输入主页名称'],
    [{ title: '一'.repeat(21) }, '主页名称不能超过20个字'],
    [{ title: '好', summary: '字'.repeat(101) }, '主页简介不能超过100个字'],
    [{ title: '好', icon: '' }, '请上传图标'],
    [{ title: '好', code: 'ab' }, '个性域名长度在4至20个字符内'],
    [{ title: '好', code: 'a'.repeat(21) }, '个性域名长度在4至20个字符内'],
    [{ title: '好', code: '9lives' }, '4-20位数字、字母、中划线组合，且必须为字母开头'],
    [{ title: '好', code: 'Login' }, '该个性域名为系统保留，请换一个'],
  ]
  for (const [body, msg] of failures) expect((await add(owner.client, body)).body, msg).toMatchObject({ code: 0, msg, data: null })
  expect(await created(owner.client)).toHaveLength(1)

  const code = `Mix-${unique()}`
  const { body } = await add(owner.client, { title: '第二个', summary: '简介', code })
  expect(body).toMatchObject({ code: 1, msg: '保存成功', data: { title: '第二个', summary: '简介', code, isDefault: false, isOpen: false, isOwn: true } })
  const homepageId = body.data.id as number
  // A new homepage becomes the current one, with the starter module and category.
  expect((await ok(get(owner.client, '/api/site/init-info'))).homepageId).toBe(homepageId)
  const tree = await ok(get(owner.client, '/api/bag/get-create', { homepageId }))
  expect(tree.map((m: { label: string }) => m.label)).toEqual(['常用'])
  expect(tree[0].children.map((c: { label: string }) => c.label)).toEqual(['常用网站'])

  for (const taken of [code.toUpperCase(), code.toLowerCase()]) {
    expect((await add(rival.client, { title: '抢注', code: taken })).body).toMatchObject({ code: 0, msg: '该个性域名已被占用' })
  }
  expect(await created(rival.client)).toHaveLength(1)

  // Editing needs a code; another user's private homepage does not exist for them.
  expect((await add(owner.client, { homepageId, title: '第二个', code: '' })).body.msg).toBe('请输入个性域名')
  expect((await add(rival.client, { homepageId, title: '占领', code: `take-${unique()}` })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
  const edited = await ok(add(owner.client, { homepageId, title: '改名了', code: code.toLowerCase() }))
  expect(edited).toMatchObject({ id: homepageId, title: '改名了', code: code.toLowerCase() })
  // Form-encoded, as the legacy client posts.
  expect((await postForm(owner.client, '/api/homepage/add', { homepageId: String(homepageId), title: '表单', icon, code: code.toLowerCase() })).body.code).toBe(1)

  // Guests are asked to sign in; reads of a POST call are refused.
  const guest = createClient(baseUrl)
  expect((await post(guest, '/api/homepage/add', { title: '游客', icon })).status).toBe(403)
  expect((await get(owner.client, '/api/homepage/add')).status).toBe(405)
})

test('share switch, detail with stats for the owner only, switch and default', async () => {
  const owner = await signUp(baseUrl, '主人')
  const visitor = await signUp(baseUrl, '访客')
  const starterId = owner.homepageId
  const bare = await ok(add(owner.client, { title: '无域名' }))
  expect((await post(owner.client, '/api/homepage/set-open-status', { homepageId: bare.id })).body).toMatchObject({
    code: 0,
    msg: '请先点击【编辑】选项，设置个性域名',
  })
  const code = `open-${unique()}`
  const named = await ok(add(owner.client, { title: '公开的', code }))
  expect((await get(visitor.client, '/api/homepage/get-detail', { homepageId: named.id })).body.msg).toBe(NOT_FOUND)
  expect((await post(visitor.client, '/api/homepage/set-open-status', { homepageId: named.id })).body.msg).toBe(NOT_FOUND)
  expect((await post(owner.client, '/api/homepage/set-open-status', { homepageId: named.id })).body).toMatchObject({ code: 1, msg: '主页已公开！', data: { isOpen: true } })

  const mine = await ok(get(owner.client, '/api/homepage/get-detail', { homepageId: named.id }))
  expect(mine).toMatchObject({ id: named.id, code, isOpen: true, isOwn: true, number: { today: expect.any(Number), yesterday: expect.any(Number), total: expect.any(Number) } })
  const theirs = await ok(get(visitor.client, '/api/homepage/get-detail', { homepageId: named.id }))
  expect(theirs).toMatchObject({ id: named.id, isOwn: false, memberRole: 'visitor' })
  expect(theirs).not.toHaveProperty('number')
  // Visible but not theirs: refused, not hidden.
  for (const call of ['set-open-status', 'set-default', 'delete', 'simple-usually']) {
    expect((await post(visitor.client, `/api/homepage/${call}`, { homepageId: named.id })).body, call).toMatchObject({ code: 0, msg: FORBIDDEN })
  }
  expect((await post(visitor.client, '/api/homepage/set-top', { id: named.id })).body.msg).toBe(FORBIDDEN)

  // Saving without a code is refused when editing, so a public homepage keeps one; closing works.
  expect((await post(owner.client, '/api/homepage/set-open-status', { homepageId: named.id })).body).toMatchObject({ msg: '主页已经取消分享！', data: { isOpen: false } })

  expect((await post(owner.client, '/api/homepage/simple-usually', { homepageId: starterId })).body).toMatchObject({ code: 1 })
  expect((await ok(get(owner.client, '/api/site/init-info'))).homepageId).toBe(starterId)
  expect((await post(owner.client, '/api/homepage/delete', { homepageId: starterId })).body).toMatchObject({ code: 0, msg: '当前默认主页不可删除' })
  expect((await post(owner.client, '/api/homepage/set-default', { homepageId: named.id })).body).toMatchObject({ code: 1, msg: '设置成功' })
  const list = await created(owner.client)
  expect(list.filter((h) => h.isDefault).map((h) => h.id)).toEqual([named.id])
  expect(list.find((h) => h.id === starterId)).toMatchObject({ current: true, isDefault: false })
  expect((await post(owner.client, '/api/homepage/delete', { homepageId: named.id })).body.msg).toBe('当前默认主页不可删除')
})

test('pin at most three (pinned first by sort descending, then newest first); the lists and their search', async () => {
  const owner = await signUp(baseUrl, '置顶')
  const ids: number[] = []
  for (const title of ['一号', '二号', '三号', '四号']) ids.push((await ok(add(owner.client, { title }))).id)
  const pins = []
  for (const id of ids.slice(0, 3)) pins.push(await ok(post(owner.client, '/api/homepage/set-top', { id })))
  expect(pins).toEqual([{ sort: 1 }, { sort: 2 }, { sort: 3 }])
  expect((await post(owner.client, '/api/homepage/set-top', { id: ids[3], type: 'create' })).body).toMatchObject({ code: 0, msg: '最多置顶3个主页' })
  const titles = (await created(owner.client)).map((h) => h.title)
  expect(titles.slice(0, 4)).toEqual(['三号', '二号', '一号', '四号'])
  expect(await ok(post(owner.client, '/api/homepage/set-top', { id: ids[0] }))).toEqual({ sort: 0 })
  expect(await ok(post(owner.client, '/api/homepage/set-top', { id: ids[3] }))).toEqual({ sort: 4 })

  expect((await ok(get(owner.client, '/api/homepage/get-create-list', { word: '二' }))).map((h: { title: string }) => h.title)).toEqual(['二号'])
  // view-user-create: the same list, whatever `type` says.
  expect(await ok(get(owner.client, '/api/homepage/view-user-create', { type: 'all' }))).toEqual(await created(owner.client))
  expect((await get(createClient(baseUrl), '/api/homepage/get-create-list')).status).toBe(403)
})

test('followed and joined lists; pins in them; a homepage no longer shared says so', async () => {
  const owner = await signUp(baseUrl, '被关注')
  const fan = await signUp(baseUrl, '粉丝')
  const code = `fans-${unique()}`
  const page = await ok(add(owner.client, { title: '大家看', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: page.id }))
  expect((await post(fan.client, '/api/homepage/follow', { homepageId: page.id })).body).toMatchObject({ code: 1 })

  const followed = await ok(get(fan.client, '/api/homepage/get-user-follow', { page: 1 }))
  expect(followed).toMatchObject({ total: 1, next: false, list: [{ id: page.id, title: '大家看', code, accessible: true, memberRole: 'follower', nickname: '被关注' }] })
  expect((await ok(get(fan.client, '/api/homepage/get-user-follow', { page: 1, wd: '没有' }))).list).toEqual([])
  expect(await ok(post(fan.client, '/api/homepage/set-top', { id: page.id, type: 'follow' }))).toEqual({ sort: 1 })
  expect((await post(fan.client, '/api/homepage/set-top', { id: page.id, type: 'join' })).body.msg).toBe(NOT_FOUND)
  expect(await ok(get(fan.client, '/api/homepage/get-join-list', { page: 1 }))).toMatchObject({ list: [], total: 0 })

  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: page.id }))
  expect((await ok(get(fan.client, '/api/homepage/get-user-follow'))).list[0]).toMatchObject({ id: page.id, accessible: false })
})

test('trash, restore (without a code someone took meanwhile), delete for good', async () => {
  const owner = await signUp(baseUrl, '回收')
  const rival = await signUp(baseUrl, '后来者')
  const code = `Gone-${unique()}`
  const page = await ok(add(owner.client, { title: '要删的', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: page.id }))
  expect((await post(rival.client, '/api/homepage/delete', { homepageId: page.id })).body.msg).toBe(FORBIDDEN)
  expect((await post(owner.client, '/api/homepage/delete', { homepageId: page.id })).body).toMatchObject({ code: 1, msg: '删除成功！您可以在回收站中恢复' })
  // It was the current one: / falls back to the default.
  expect((await ok(get(owner.client, '/api/site/init-info'))).homepageId).toBe(owner.homepageId)
  expect((await ok(get(owner.client, '/api/homepage/get-trash-list', { page: 1 }))).list).toEqual([expect.objectContaining({ id: page.id, code, deletedAt: expect.any(String) })])
  expect((await created(owner.client)).map((h) => h.id)).not.toContain(page.id)
  expect((await post(rival.client, '/api/homepage/restore', { homepageId: page.id })).body.msg).toBe(NOT_FOUND)

  // The freed code can be taken; the restored homepage then comes back without it, private.
  await ok(add(rival.client, { title: '抢到了', code: code.toUpperCase() }))
  expect((await post(owner.client, '/api/homepage/restore', { homepageId: page.id })).body).toMatchObject({
    code: 1,
    msg: '主页已恢复，原个性域名已被占用，请重新设置',
    data: { codeCleared: true },
  })
  expect((await created(owner.client)).find((h) => h.id === page.id)).toMatchObject({ code: '', isOpen: false })

  // Only from the trash, and only one's own.
  expect((await post(owner.client, '/api/homepage/hard-delete', { homepageId: page.id })).body.msg).toBe(NOT_FOUND)
  await ok(post(owner.client, '/api/homepage/delete', { homepageId: page.id }))
  expect((await post(rival.client, '/api/homepage/hard-delete', { homepageId: page.id })).body.msg).toBe(NOT_FOUND)
  expect((await post(owner.client, '/api/homepage/hard-delete', { homepageId: page.id })).body).toMatchObject({ code: 1 })
  expect((await ok(get(owner.client, '/api/homepage/get-trash-list'))).list).toEqual([])
  expect((await post(owner.client, '/api/homepage/restore', { homepageId: page.id })).body.msg).toBe(NOT_FOUND)
})

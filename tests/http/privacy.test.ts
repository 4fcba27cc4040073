import { beforeAll, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/**
 * Privacy belongs to the owner (issue 11): a manager who edits, moves or copies the owner's private
 * link through any edge leaves it private, and a guest of the open homepage still sees 未公开链接.
 */

const baseUrl = inject('baseUrl')
const PRIVATE_STAYS = '未公开链接不能移到其他主页'
const SECRET_URL = 'https://secret.example/only-me'

type Actor = Awaited<ReturnType<typeof signUp>>
let owner: Actor
let manager: Actor
let code: string
let bid: number
let managerBid: number
const guest = createClient(baseUrl)

const firstBid = async (actor: Actor) => (await ok(get(actor.client, '/api/bag/get-create', { homepageId: actor.homepageId })))[0].children[0].value as number
const detail = async (id: number) => (await ok(get(owner.client, '/api/bookmark/detail', { id }))).info
/** The names a guest sees in the category: over /api and on the page. */
async function guestSees(id: number) {
  const listed = (await ok(get(guest, '/api/bookmark/list', { bid, size: 100 }))).list.find((s: { id: number }) => s.id === id)
  const html = await (await guest.request(`/${code}`)).text()
  return { listed, html }
}
async function privateLink(name: string, url = SECRET_URL) {
  return (await ok(post(owner.client, '/api/source/add', { bid, sour_name: name, sour_url: url, isOnlyOwnView: '1', isOnlyOwnViewRemark: '只给我看' }))).id as number
}

beforeAll(async () => {
  owner = await signUp(baseUrl, '隐私主人')
  manager = await signUp(baseUrl, '隐私管理员')
  code = `privacy-${Math.random().toString(36).slice(2, 8)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '隐私', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: owner.homepageId }))
  const invite = (await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: owner.homepageId, type: 'generate' }))).code
  await ok(post(manager.client, '/api/homepage/join-homepage', { homepageId: owner.homepageId, code: invite }))
  await ok(post(owner.client, '/api/homepage/set-manager', { homepageId: owner.homepageId, userId: manager.userId }))
  bid = await firstBid(owner)
  managerBid = await firstBid(manager)
})

/** The flash toast a page form's redirect sets. */
function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
  return cookie ? (JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }) : null
}

async function expectStillPrivate(id: number, name: string) {
  expect(await detail(id)).toMatchObject({ name, isOnlyOwnView: '1', isOnlyOwnViewRemark: '只给我看' })
  const { listed, html } = await guestSees(id)
  expect(listed).toMatchObject({ name: '未公开链接', url: null, private: true })
  expect(html).toContain('未公开链接')
  expect(html).not.toContain(name)
  expect(html).not.toContain('secret.example')
}

test('a manager edits the owner’s private link through /api/source/add: saved, and still private', async () => {
  const id = await privateLink('主人的秘密')
  const edit = await post(manager.client, '/api/source/add', { bs_id: id, bid, sour_name: '管理员改过', sour_url: SECRET_URL, isOnlyOwnView: '', isOnlyOwnViewRemark: '' })
  expect(edit.body).toMatchObject({ code: 1, msg: '保存成功' })
  await expectStillPrivate(id, '管理员改过')
})

test('a manager edits it through the page form (save-link): saved, and still private', async () => {
  const id = await privateLink('表单的秘密')
  const response = await manager.client.request(`/${code}`, {
    method: 'POST',
    form: { intent: 'save-link', id: String(id), bid: String(bid), name: '表单改过', url: SECRET_URL, isOnlyOwnView: '' },
    headers: manager.client.sameOrigin,
  })
  expect(response.status).toBe(302)
  expect(toastOf(response)).toEqual({ type: 'success', msg: '保存成功' })
  await expectStillPrivate(id, '表单改过')
})

test('a manager’s new link is public, ticked or not; the owner alone sets and clears privacy', async () => {
  const added = await ok(post(manager.client, '/api/source/add', { bid, sour_name: '管理员的新链接', sour_url: 'https://new.example/', isOnlyOwnView: '1' }))
  expect(await detail(added.id)).toMatchObject({ isOnlyOwnView: '', isOnlyOwnViewRemark: '' })
  expect((await guestSees(added.id)).listed).toMatchObject({ name: '管理员的新链接', private: false })
  // The owner clears their own link's privacy: now everyone sees it.
  const cleared = 'https://cleared.example/'
  const id = await privateLink('主人公开', cleared)
  await ok(post(owner.client, '/api/source/add', { bs_id: id, bid, sour_name: '主人公开', sour_url: cleared, isOnlyOwnView: '' }))
  expect(await detail(id)).toMatchObject({ isOnlyOwnView: '', isOnlyOwnViewRemark: '' })
  expect((await guestSees(id)).listed).toMatchObject({ name: '主人公开', url: cleared })
})

test('moves and copies by a manager: within the homepage it stays private; out of it, refused', async () => {
  const id = await privateLink('搬动的秘密')
  const folder = (await ok(post(owner.client, '/api/bookmark/add-folder', { bid, name: '秘密夹' }))).id as number
  expect((await post(manager.client, '/api/children/choose', { pid: folder, id: [id], action: 'move' })).body).toMatchObject({ code: 1, data: { count: 1 } })
  expect((await post(manager.client, '/api/children/move', { id, bid })).body).toMatchObject({ code: 1, data: { count: 1 } })
  await expectStillPrivate(id, '搬动的秘密')
  // Out of the homepage (into the manager's own): refused, nothing moves; a copy is not theirs to make.
  const attempts: Array<[string, Record<string, unknown>, string]> = [
    ['/api/source/operation', { ids: [id], type: 'move', bid: managerBid }, PRIVATE_STAYS],
    ['/api/children/move', { id, bid: managerBid }, PRIVATE_STAYS],
    ['/api/source/operation', { ids: [id], type: 'copy', bid: managerBid }, '内容不存在或已被删除'],
    ['/api/source/operation', { ids: [id], type: 'copy', bid }, '内容不存在或已被删除'],
  ]
  for (const [path, body, msg] of attempts) expect((await post(manager.client, path, body)).body, path).toMatchObject({ code: 0, msg })
  expect((await ok(get(manager.client, '/api/bookmark/list', { bid: managerBid }))).list).toEqual([])
  await expectStillPrivate(id, '搬动的秘密')
})

test('the manager does not see the secret on the way: every answer they get masks it', async () => {
  const id = await privateLink('看不见的秘密')
  const saved = await ok(post(manager.client, '/api/source/add', { bs_id: id, bid, sour_name: '看不见的秘密', sour_url: SECRET_URL }))
  expect(saved).toMatchObject({ name: '未公开链接', url: null, private: true })
  // Link detail answers code -1 (spec §8).
  expect((await get(manager.client, '/api/bookmark/detail', { id })).body).toMatchObject({ code: -1, msg: '内容不存在或已被删除' })
})

import { expect, inject, test } from 'vitest'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * Issue 21 item 2: undo takes back only what is still where the import put it. A manager imports
 * into the owner's shared homepage; the owner moves some of those bookmarks into his own private
 * homepage; the manager's undo leaves them there and says how many it kept.
 */

const baseUrl = inject('baseUrl')

async function upload(client: Client, html: string) {
  const body = new FormData()
  body.set('file', new File([html], 'links.html', { type: 'text/html' }))
  const response = await client.request('/api/import/upload', { method: 'POST', body, headers: client.sameOrigin })
  const json = (await response.json()) as { code: number; msg: string; fileId: number }
  expect(json, json.msg).toMatchObject({ code: 1 })
  return json.fileId
}

const firstCategory = async (client: Client, homepageId: number) =>
  (await ok(get(client, '/api/bag/get-create', { homepageId })))[0].children[0].value as number
const itemsOf = async (client: Client, bid: number) =>
  (await ok(get(client, '/api/bookmark/list', { bid, size: 100 }))).list as Array<{ id: number; name: string }>

test('a manager’s undo leaves the bookmarks the owner moved to his private homepage, and counts them', async () => {
  const owner = await signUp(baseUrl, '主人')
  const shared = await ok(post(owner.client, '/api/homepage/add', { title: '共享主页', icon: 'tabler:home', code: `undo-${Date.now().toString(36)}` }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: shared.id }))
  const sharedBid = await firstCategory(owner.client, shared.id)
  const privateBid = await firstCategory(owner.client, owner.homepageId)

  const manager = await signUp(baseUrl, '管理员')
  const link = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: shared.id, type: 'generate' }))
  await ok(post(manager.client, '/api/homepage/join-homepage', { code: link.code, homepageId: shared.id }))
  await ok(post(owner.client, '/api/homepage/set-manager', { homepageId: shared.id, userId: manager.userId }))

  const html = `<DL><p>${['甲', '乙', '丙'].map((n, i) => `<DT><A HREF="https://undo-${i}.example/">${n}</A>`).join('\n')}</DL><p>`
  const fileId = await upload(manager.client, html)
  const linkIds = ((await ok(get(manager.client, '/api/import/link', { fileId }))) as Array<{ id: number }>).map((l) => l.id)
  const run = await ok(post(manager.client, '/api/source/import', { fileId, ids: linkIds, bid: sharedBid }))
  const imported = (await itemsOf(owner.client, sharedBid)).filter((i) => ['甲', '乙', '丙'].includes(i.name))
  expect(imported.map((i) => i.name)).toEqual(['甲', '乙', '丙'])

  // The owner keeps two of them in his own homepage, which the manager cannot see.
  const moving = imported.filter((i) => i.name !== '丙').map((i) => i.id)
  await ok(post(owner.client, '/api/source/operation', { ids: moving, type: 'move', bid: privateBid }))

  const undo = await post(manager.client, '/api/import/undo', { runId: run.runId })
  expect(undo.body).toMatchObject({ code: 1, msg: '已撤销这次导入；2 个书签已移到其他主页，未删除', data: { removed: 1, kept: 2 } })
  expect((await itemsOf(owner.client, privateBid)).filter((i) => moving.includes(i.id)).map((i) => i.name)).toEqual(['甲', '乙'])
  expect((await itemsOf(owner.client, sharedBid)).map((i) => i.name)).not.toContain('丙')
})

import { beforeAll, describe, expect, inject, test } from 'vitest'
import { REPORT_REASONS } from '#app/schemas/report.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, postForm, signUp } from './content-helpers.ts'

/** POST /api/source/feedback {sour_id, type, otherType}: anyone who sees a link may report it. */

const baseUrl = inject('baseUrl')
const NOT_FOUND = '内容不存在或已被删除'
const THANKS = { code: 1, msg: '感谢反馈，我们会尽快处理', data: null }

let owner: { client: Client; homepageId: number; code: string; bid: number; linkId: number; privateId: number }

beforeAll(async () => {
  const { client, homepageId } = await signUp(baseUrl, '反馈主人')
  const code = `fb-${Date.now().toString(36)}`
  await ok(post(client, '/api/homepage/add', { homepageId, title: '公开的', icon: 'tabler:home', code }))
  await ok(post(client, '/api/homepage/set-open-status', { homepageId }))
  const bid = (await ok(get(client, '/api/bag/get-create', { homepageId })))[0].children[0].value as number
  const linkId = (await ok(post(client, '/api/source/add', { bid, sour_name: '可疑链接', sour_url: 'https://suspicious.example/' }))).id
  const privateId = (await ok(post(client, '/api/source/add', { bid, sour_name: '私密链接', sour_url: 'https://private.example/', isOnlyOwnView: '1' }))).id
  owner = { client, homepageId, code, bid, linkId, privateId }
})

describe('reporting a link', () => {
  test('a guest, a signed-in visitor and the owner report a link they see; JSON and form bodies', async () => {
    const guest = createClient(baseUrl)
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: 'broken' })).body).toEqual(THANKS)
    const visitor = await signUp(baseUrl, '反馈访客')
    expect((await postForm(visitor.client, '/api/source/feedback', { sour_id: String(owner.linkId), type: 'other', otherType: '  打开后跳到赌博网站  ' })).body).toEqual(THANKS)
    // Again: the reason changes (one open report each; the service test reads the rows).
    expect((await post(visitor.client, '/api/source/feedback', { sour_id: owner.linkId, type: 'gambling' })).body).toEqual(THANKS)
    expect((await post(owner.client, '/api/source/feedback', { sour_id: owner.privateId, type: 'spam', otherType: '' })).body).toEqual(THANKS)
  })

  test('the reasons: one from the list; 其他 needs words (≤ 200)', async () => {
    const guest = createClient(baseUrl)
    const fail = (msg: string) => ({ code: 0, msg, data: null })
    for (const { code } of REPORT_REASONS.filter((r) => r.code !== 'other')) {
      expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: code })).body, code).toEqual(THANKS)
    }
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId })).body).toEqual(fail('请选择反馈原因'))
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: '1' })).body).toEqual(fail('请选择反馈原因'))
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: 'other' })).body).toEqual(fail('请填写具体原因'))
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: 'other', otherType: ' \n ' })).body).toEqual(fail('请填写具体原因'))
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: 'other', otherType: '长'.repeat(201) })).body).toEqual(fail('具体原因不能超过200个字'))
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: 'other', otherType: { x: 1 } })).body).toEqual(fail('请填写具体原因'))
    expect((await post(guest, '/api/source/feedback', { sour_id: owner.linkId, type: 'other', otherType: '长'.repeat(200) })).body).toEqual(THANKS)
  })

  test('a link the caller cannot see: the generic answer (private to them, a private homepage, none)', async () => {
    const guest = createClient(baseUrl)
    const visitor = await signUp(baseUrl, '反馈路人')
    const closed = await signUp(baseUrl, '私密主人')
    const closedBid = (await ok(get(closed.client, '/api/bag/get-create', { homepageId: closed.homepageId })))[0].children[0].value
    const closedLink = (await ok(post(closed.client, '/api/source/add', { bid: closedBid, sour_name: '不公开', sour_url: 'https://closed.example/' }))).id
    const notFound = { code: 0, msg: NOT_FOUND, data: null }
    for (const [client, sourId] of [
      [guest, owner.privateId],
      [visitor.client, owner.privateId],
      [guest, closedLink],
      [visitor.client, closedLink],
      [guest, 2_000_000_000],
      [guest, 'abc'],
    ] as const) {
      expect((await post(client, '/api/source/feedback', { sour_id: sourId, type: 'broken' })).body, `${sourId}`).toEqual(notFound)
    }
    // The page still reads 未公开链接 for them: nothing was unmasked by trying.
    const list = await ok(get(visitor.client, '/api/bookmark/list', { bid: (await ok(get(owner.client, '/api/bag/get-create', { homepageId: owner.homepageId })))[0].children[0].value }))
    expect(list.list.find((s: { id: number }) => s.id === owner.privateId)).toMatchObject({ name: '未公开链接', url: null })
  })

  test('a foreign page cannot report in the visitor\'s name; GET is not allowed', async () => {
    const visitor = await signUp(baseUrl, '跨站受害')
    const foreign = await visitor.client.api('/api/source/feedback', {
      method: 'POST',
      json: { sour_id: owner.linkId, type: 'porn' },
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(foreign).toMatchObject({ status: 403, body: { code: 0, msg: '请求来源不合法', data: null } })
    expect(await get(visitor.client, '/api/source/feedback', { sour_id: owner.linkId, type: 'porn' })).toMatchObject({
      status: 405,
      body: { code: 0, msg: '请求方法不允许', data: null },
    })
  })

  test('the 举报 dialog of a page: a guest is sent to sign in and back to it; a private homepage stays a 404', async () => {
    const guest = createClient(baseUrl)
    const dialog = `/${owner.code}?dialog=report-link&bid=${owner.bid}&id=${owner.linkId}`
    const response = await guest.request(dialog)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(dialog)}`)
    const closed = await signUp(baseUrl, '私密举报')
    const code = `fc-${Date.now().toString(36)}`
    await ok(post(closed.client, '/api/homepage/add', { homepageId: closed.homepageId, title: '私密的', icon: 'tabler:home', code }))
    expect((await guest.request(`/${code}?dialog=report-link&bid=1`)).status).toBe(404)
  })
})

import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { get, ok, post, postForm, signUp } from './content-helpers.ts'

const baseUrl = inject('baseUrl')
const rand = () => Math.random().toString(36).slice(2, 8)

type Account = Awaited<ReturnType<typeof signUp>>

/** An owner with an open homepage `code`, and a second user who joined it through the invite flow. */
async function ownerJoinedBySecondUser() {
  const owner = await signUp(baseUrl, '主人')
  const code = `notice-${rand()}`
  const page = await ok(post(owner.client, '/api/homepage/add', { title: '通知主页', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId: page.id }))
  const joiner = await signUp(baseUrl, '新成员')
  const link = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: page.id, type: 'generate' }))
  expect(await ok(get(joiner.client, '/api/homepage/invite-detail', { code: link.code }))).toMatchObject({ homepageId: page.id })
  expect((await post(joiner.client, '/api/homepage/join-homepage', { code: link.code, homepageId: page.id })).body).toMatchObject({ code: 1 })
  return { owner, joiner, code, homepageId: page.id as number }
}

const noticeAmount = async (account: Account) => (await ok(get(account.client, '/api/site/init-info'))).noticeAmount as number
const noticeList = (account: Account, query: Record<string, number> = {}) => ok(get(account.client, '/api/site/get-user-notice-list', query))

test('a second user joining the owner’s homepage: counted in init-info, listed, and read back to 0', async () => {
  const { owner, joiner, code } = await ownerJoinedBySecondUser()
  expect(await noticeAmount(owner)).toBe(1)
  expect(await noticeAmount(joiner)).toBe(0)

  const list = await noticeList(owner)
  expect(list).toMatchObject({ total: 1, unread: 1, page: 1, size: 20 })
  expect(list.list).toEqual([
    {
      id: expect.any(Number),
      kind: 'homepage',
      title: '新成员加入',
      content: '「新成员」通过邀请链接加入了你的主页「通知主页」',
      link: `/${code}`,
      isRead: false,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    },
  ])
  expect(await noticeList(joiner)).toMatchObject({ list: [], total: 0, unread: 0 })

  const read = await post(owner.client, '/api/site/read-notice', { ids: [list.list[0].id] })
  expect(read.body).toEqual({ code: 1, msg: '操作成功', data: { count: 1, unread: 0 } })
  expect(await noticeAmount(owner)).toBe(0)
  expect((await noticeList(owner)).list[0]).toMatchObject({ isRead: true })
})

test('nobody reads or marks someone else’s notices', async () => {
  const { owner, joiner } = await ownerJoinedBySecondUser()
  const [notice] = (await noticeList(owner)).list
  // The joiner's list never shows it, and marking its id (or "all") touches only the joiner's own.
  expect((await noticeList(joiner)).list).toEqual([])
  expect((await post(joiner.client, '/api/site/read-notice', { ids: String(notice.id) })).body.data).toEqual({ count: 0, unread: 0 })
  expect((await postForm(joiner.client, '/api/site/read-notice', { all: '1' })).body).toEqual({ code: 1, msg: '操作成功', data: { count: 0, unread: 0 } })
  expect(await noticeAmount(owner)).toBe(1)

  // Following it through the page's POST is refused as well, and marks nothing.
  const opened = await joiner.client.request('/user/notice', { method: 'POST', form: { intent: 'open', id: String(notice.id) }, headers: joiner.client.sameOrigin })
  expect(opened.status).toBe(302)
  expect(opened.headers.get('Location')).toBe('/user/notice')
  expect(await noticeAmount(owner)).toBe(1)
})

test('guests are asked to sign in; bad input gets a Chinese message', async () => {
  const guest = createClient(baseUrl)
  expect(await get(guest, '/api/site/get-user-notice-list')).toMatchObject({ status: 403, body: { code: -1, msg: '请先登录', data: null } })
  expect(await post(guest, '/api/site/read-notice', { all: true })).toMatchObject({ status: 403, body: { code: -1, msg: '请先登录' } })
  const page = await guest.request('/user/notice')
  expect(page.status).toBe(302)
  expect(page.headers.get('Location')).toBe('/login?redirectTo=%2Fuser%2Fnotice')

  const user = await signUp(baseUrl, '路人')
  expect((await post(user.client, '/api/site/read-notice', {})).body).toEqual({ code: 0, msg: '请选择要标为已读的消息', data: null })
  expect((await post(user.client, '/api/site/read-notice', { ids: 'abc' })).body).toEqual({ code: 0, msg: '内容不存在或已被删除', data: null })
  expect((await get(user.client, '/api/site/read-notice')).status).toBe(405)
  // Out-of-range paging falls back.
  expect(await noticeList(user, { page: -1, size: 100000 })).toMatchObject({ page: 1, size: 20, list: [] })
})

test('the page lists notices without reading them; 查看 reads one and goes to its link, 全部已读 the rest', async () => {
  const { owner, code, homepageId } = await ownerJoinedBySecondUser()
  // A second event: someone follows the homepage.
  const fan = await signUp(baseUrl, '粉丝')
  expect((await post(fan.client, '/api/homepage/follow', { homepageId })).body).toMatchObject({ code: 1, follow: true })

  const html = await (await owner.client.request('/user/notice')).text()
  expect(html).toContain('<h1 id="notice-title">消息通知</h1>')
  expect(html).toContain('「新成员」通过邀请链接加入了你的主页「通知主页」')
  expect(html).toContain('「粉丝」关注了你的主页「通知主页」')
  expect(html.match(/class="notice-unread"/g)).toHaveLength(2)
  // The header's count, on this page and any other.
  expect(html).toMatch(/<span class="notice-count" data-testid="notice-count">2<\/span>/)
  expect(await (await owner.client.request(`/${code}`)).text()).toMatch(/data-testid="notice-count">2</)
  expect(await noticeAmount(owner)).toBe(2)

  const [follow] = (await noticeList(owner)).list
  const opened = await owner.client.request('/user/notice', { method: 'POST', form: { intent: 'open', id: String(follow.id) }, headers: owner.client.sameOrigin })
  expect(opened.status).toBe(302)
  expect(opened.headers.get('Location')).toBe(`/${code}`)
  expect(await noticeAmount(owner)).toBe(1)

  const all = await owner.client.request('/user/notice', { method: 'POST', form: { intent: 'read-all' }, headers: owner.client.sameOrigin })
  expect(all.status).toBe(302)
  expect(all.headers.get('Location')).toBe('/user/notice')
  expect(await noticeAmount(owner)).toBe(0)
  const after = await (await owner.client.request('/user/notice')).text()
  expect(after).not.toContain('notice-count')
  expect(after).not.toContain('class="notice-unread"')
  expect(after).not.toContain('全部已读')
})

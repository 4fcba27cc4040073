import { beforeAll, describe, expect, inject, test } from 'vitest'
import { GROUP_CLOSED } from '#app/services/group-access.server.ts'
import { ALREADY_REVIEWED, APPEALED_MSG, BOOKMARK_ADDED_MSG, BOOKMARK_DELETED_MSG, CONTRIBUTED_MSG, COPIED_MSG, REVIEWED_MSG } from '#app/services/group-content.server.ts'
import { APPLIED_MSG, JOINED_MSG } from '#app/services/group-people.server.ts'
import { FORBIDDEN } from '#app/services/access.server.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, signUp } from './content-helpers.ts'

/**
 * The group page /group/{id}/{cid?} (issue 24) through its forms, as a browser without JavaScript
 * posts them: each form an `intent`, each answer a redirect with a toast (or the form again, with
 * its messages and what was typed).
 *
 */

const baseUrl = inject('baseUrl')
let openId = 0
let closedId = 0
/** The owner of both groups, made through /api/group/add like any client's. */
let owner: Client

beforeAll(async () => {
  owner = (await signUp(baseUrl, '组长')).client
  openId = (await ok(owner.api('/api/group/add', { method: 'POST', headers: owner.sameOrigin, json: { name: '公开小组', summary: '大家的书签', icon: 'tabler:users', isOpen: 1 } }))).id as number
  closedId = (await ok(owner.api('/api/group/add', { method: 'POST', headers: owner.sameOrigin, json: { name: '私密小组', summary: '只给成员看', icon: 'tabler:lock', isOpen: 0 } }))).id as number
}, 60_000)

const html = async (client: Client, path: string) => {
  const response = await client.request(path)
  return { status: response.status, text: await response.text() }
}

function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast=') && !c.startsWith('qy_toast=;'))
  return cookie ? (JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }) : null
}

/** Posts one of the page's forms as a browser without JavaScript does (repeated names allowed). */
async function submit(client: Client, path: string, fields: Record<string, string | number | Array<string | number>>) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, String(v))
  const response = await client.request(path, { method: 'POST', body, headers: client.sameOrigin })
  return { status: response.status, location: response.headers.get('location'), toast: toastOf(response), text: await response.text() }
}

/** The ids of the page's bookmarks (`<li id="b-{id}">`) with their names, in order. */
const bookmarksOf = (page: string) => [...page.matchAll(/<li id="b-(\d+)"[\s\S]*?class="gd-bookmark-name">([^<]*)<\/a>/g)].map((m) => ({ id: Number(m[1]), name: m[2] }))
const categoriesOf = (page: string) => [...page.matchAll(/<a (?:aria-current="page" )?href="\/group\/\d+\/(\d+)"[^>]*>[\s\S]*?<span class="gd-cat-name">([^<]*)<\/span>/g)].map((m) => ({ id: Number(m[1]), title: m[2] }))
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')

let member: Awaited<ReturnType<typeof signUp>>
let outsider: Awaited<ReturnType<typeof signUp>>
let design = 0
let tools = 0

describe('the group page, without JavaScript', () => {
  beforeAll(async () => {
    member = await signUp(baseUrl, '小组成员')
    outsider = await signUp(baseUrl, '路人')
  }, 60_000)

  test('the owner adds categories and a bookmark (a www. address is an https one); a refused form keeps what was typed', async () => {
    const page = `/group/${openId}`
    const first = await submit(owner, page, { intent: 'save-category', title: '设计', icon: 'tabler:palette' })
    expect(first.toast).toEqual({ type: 'success', msg: '保存成功' })
    expect(first.location).toMatch(new RegExp(`^/group/${openId}/\\d+$`))
    design = Number(first.location!.split('/').pop())
    await submit(owner, page, { intent: 'save-category', title: '工具', icon: '' })
    const cats = categoriesOf((await html(owner, page)).text)
    expect(cats.map((c) => c.title)).toEqual(['设计', '工具'])
    tools = cats[1]!.id

    const added = await submit(owner, `/group/${openId}/${design}`, { intent: 'save-bookmark', name: '百度', url: 'www.baidu.com', note: '搜索', cid: design })
    expect(added).toMatchObject({ status: 302, toast: { type: 'success', msg: BOOKMARK_ADDED_MSG } })
    const shown = (await html(owner, `/group/${openId}/${design}`)).text
    expect(shown).toContain('href="https://www.baidu.com/" target="_blank" rel="noopener noreferrer nofollow"')
    expect(bookmarksOf(shown).map((b) => b.name)).toEqual(['百度'])

    // No name: the form again (400), its message beside the field, the address as typed.
    const refused = await submit(owner, `/group/${openId}/${design}`, { intent: 'save-bookmark', name: '', url: 'example.org/留着', note: '', cid: design })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('请输入网站名称')
    expect(refused.text).toContain('value="example.org/留着"')
    expect(bookmarksOf((await html(owner, `/group/${openId}/${design}`)).text)).toHaveLength(1)

    // Order: 工具 up puts it first (sort-category with the whole order).
    expect((await submit(owner, `/group/${openId}?tab=categories`, { intent: 'category-up', cid: tools })).toast?.type).toBe('success')
    expect(categoriesOf((await html(owner, page)).text).map((c) => c.title)).toEqual(['工具', '设计'])
    await submit(owner, `/group/${openId}?tab=categories`, { intent: 'category-down', cid: tools })
  })

  test('a member’s contribution waits; the owner approves it in 待审核, once: a second approval says 该投稿已处理', async () => {
    const path = `/group/${openId}/${design}`
    expect((await submit(member.client, path, { intent: 'join' })).toast).toEqual({ type: 'success', msg: JOINED_MSG })
    const contributed = await submit(member.client, path, { intent: 'save-bookmark', name: '配色工具', url: 'https://colors.example/', note: '', cid: design })
    expect(contributed.toast).toEqual({ type: 'success', msg: CONTRIBUTED_MSG })
    expect(bookmarksOf((await html(member.client, path)).text).map((b) => b.name)).toEqual(['百度'])
    expect((await html(member.client, `/group/${openId}?tab=mine`)).text).toContain('配色工具')

    const review = (await html(owner, `/group/${openId}?tab=review`)).text
    const id = Number(/name="intent" value="review-contribute"\/><input type="hidden" name="id" value="(\d+)"/.exec(review)?.[1])
    expect(review).toContain('配色工具')
    // Posted twice, as a double click without JavaScript would: approved once.
    const approve = { intent: 'review-contribute', id, status: 'approved' }
    const [firstAnswer, secondAnswer] = [await submit(owner, `/group/${openId}?tab=review`, approve), await submit(owner, `/group/${openId}?tab=review`, approve)]
    expect(firstAnswer.toast).toEqual({ type: 'success', msg: REVIEWED_MSG })
    expect(secondAnswer.toast).toEqual({ type: 'error', msg: ALREADY_REVIEWED })
    // Shown to everyone now, guests too (the page cache sees the change).
    const guestPage = (await html(createClient(baseUrl), path)).text
    expect(bookmarksOf(guestPage).map((b) => b.name)).toEqual(['百度', '配色工具'])
    expect(guestPage).toContain('由 小组成员 添加')
    expect((await html(owner, `/group/${openId}?tab=log`)).text).toContain('通过了投稿')
  })

  test('a member may not remove a bookmark: the refusal is a toast and changes nothing', async () => {
    const path = `/group/${openId}/${design}`
    const [baidu] = bookmarksOf((await html(member.client, path)).text)
    const refused = await submit(member.client, path, { intent: 'delete-bookmark', id: baidu!.id })
    expect(refused).toMatchObject({ status: 302, toast: { type: 'error', msg: FORBIDDEN } })
    expect(bookmarksOf((await html(member.client, path)).text)).toHaveLength(2)
  })

  test('anyone signed in copies a bookmark, or several, into a category of their own', async () => {
    const path = `/group/${openId}/${design}`
    const page = (await html(outsider.client, path)).text
    const bid = (await ok(get(outsider.client, '/api/bag/get-create', { homepageId: outsider.homepageId })))[0].children[0].value as number
    // Their categories are offered; the 复制 form of one bookmark opens by its link (?copy=).
    expect(page).toContain(`<option value="${bid}">`)
    const [baidu, colors] = bookmarksOf(page)
    expect((await html(outsider.client, `${path}?copy=${baidu!.id}`)).text).toContain(`id="gd-copy-${baidu!.id}"`)
    expect((await submit(outsider.client, path, { intent: 'copy', id: baidu!.id, target: bid })).toast).toEqual({ type: 'success', msg: COPIED_MSG })
    const collected = await submit(outsider.client, path, { intent: 'collect', ids: [baidu!.id, colors!.id], target: bid })
    expect(collected.toast).toEqual({ type: 'success', msg: '已收藏 2 个书签到我的分类' })
    const mine = (await ok(get(outsider.client, '/api/bookmark/list', { bid }))).list.map((s: { name: string }) => s.name)
    expect(mine.filter((n: string) => n === '百度')).toHaveLength(2)
    expect(mine).toContain('配色工具')
    // Without a category chosen: a message, nothing copied.
    expect((await submit(outsider.client, path, { intent: 'collect', ids: [baidu!.id] })).toast).toEqual({ type: 'error', msg: '请选择收藏到的分类' })
  })

  test('removed, appealed, restored: the owner deletes a member’s bookmark, the member appeals in 我的投稿, the owner accepts in 回收站', async () => {
    const path = `/group/${openId}/${design}`
    const colors = bookmarksOf((await html(owner, path)).text).find((b) => b.name === '配色工具')!
    expect((await submit(owner, path, { intent: 'delete-bookmark', id: colors.id })).toast).toEqual({ type: 'success', msg: BOOKMARK_DELETED_MSG })
    expect(bookmarksOf((await html(owner, path)).text).map((b) => b.name)).toEqual(['百度'])

    const mine = (await html(member.client, `/group/${openId}?tab=mine`)).text
    expect(mine).toContain('已被管理员删除')
    expect(mine).toMatch(/<button[^>]*value="appeal"/)
    expect((await submit(member.client, `/group/${openId}?tab=mine`, { intent: 'appeal', id: colors.id })).toast).toEqual({ type: 'success', msg: APPEALED_MSG })
    const again = (await html(member.client, `/group/${openId}?tab=mine`)).text
    expect(again).toContain('申诉中')
    expect(again).not.toMatch(/<button[^>]*value="appeal"/)

    const trash = (await html(owner, `/group/${openId}?tab=trash`)).text
    expect(trash).toContain('申诉中')
    expect(trash).toContain('通过申诉')
    expect((await submit(owner, `/group/${openId}?tab=trash`, { intent: 'review-contribute', id: colors.id, status: 'approved' })).toast?.type).toBe('success')
    expect(bookmarksOf((await html(owner, path)).text).map((b) => b.name)).toEqual(['百度', '配色工具'])

    // The owner's own bookmark: deleted, then 恢复 from the trash.
    const baidu = bookmarksOf((await html(owner, path)).text)[0]!
    await submit(owner, path, { intent: 'delete-bookmark', id: baidu.id })
    expect((await html(owner, `/group/${openId}?tab=trash`)).text).toMatch(new RegExp(`name="id" value="${baidu.id}"/><button [^>]*value="restore-bookmark"`))
    expect((await submit(owner, `/group/${openId}?tab=trash`, { intent: 'restore-bookmark', id: baidu.id })).toast).toEqual({ type: 'success', msg: '恢复成功' })
    expect(bookmarksOf((await html(owner, path)).text).map((b) => b.name)).toEqual(['配色工具', '百度'])
  })

  test('a closed group shows outsiders its card and 申请加入 only; once approved in 待审核 they see its bookmarks', async () => {
    const cid = Number(/^\/group\/\d+\/(\d+)$/.exec((await submit(owner, `/group/${closedId}`, { intent: 'save-category', title: '内部', icon: '' })).location!)?.[1])
    await submit(owner, `/group/${closedId}/${cid}`, { intent: 'save-bookmark', name: '秘密书签', url: 'https://secret.example/', note: '内部资料', cid })

    for (const path of [`/group/${closedId}`, `/group/${closedId}/${cid}`, `/group/${closedId}?tab=members`, `/group/${closedId}?tab=log`, `/group/${closedId}?wd=秘密`]) {
      const { status, text } = await html(outsider.client, path)
      expect(status, path).toBe(200)
      expect(text, path).toContain('私密小组')
      expect(text, path).toContain(GROUP_CLOSED)
      expect(text, path).toContain('申请加入')
      expect(text, path).not.toContain('秘密书签')
      expect(text, path).not.toContain('secret.example')
      expect(text, path).not.toContain('内部')
    }
    // Copying from it (an id learnt elsewhere): refused with the same words.
    const secret = bookmarksOf((await html(owner, `/group/${closedId}/${cid}`)).text)[0]!
    const bid = (await ok(get(outsider.client, '/api/bag/get-create', { homepageId: outsider.homepageId })))[0].children[0].value as number
    expect((await submit(outsider.client, `/group/${closedId}`, { intent: 'copy', id: secret.id, target: bid })).toast).toEqual({ type: 'error', msg: GROUP_CLOSED })

    expect((await submit(outsider.client, `/group/${closedId}`, { intent: 'join' })).toast).toEqual({ type: 'success', msg: APPLIED_MSG })
    expect((await html(outsider.client, `/group/${closedId}`)).text).toContain('已申请，等待审核')
    const review = (await html(owner, `/group/${closedId}?tab=review`)).text
    expect(review).toContain('路人')
    const applyId = Number(/name="intent" value="review-apply"\/><input type="hidden" name="id" value="(\d+)"/.exec(review)?.[1])
    expect((await submit(owner, `/group/${closedId}?tab=review`, { intent: 'review-apply', id: applyId, status: 'approved' })).toast?.type).toBe('success')
    expect(bookmarksOf((await html(outsider.client, `/group/${closedId}`)).text).map((b) => b.name)).toEqual(['秘密书签'])
  })

  test('names, notes and titles are text: <script> comes back escaped', async () => {
    const hostile = '<script>alert(1)</script>'
    const made = await submit(owner, `/group/${openId}`, { intent: 'save-category', title: '<b>粗</b><script>', icon: '' })
    const cid = Number(made.location!.split('/').pop())
    await submit(owner, `/group/${openId}/${cid}`, { intent: 'save-bookmark', name: hostile, url: 'https://x.example/', note: '<img src=x onerror=alert(1)>', cid })
    for (const path of [`/group/${openId}/${cid}`, `/group/${openId}?tab=log`, `/group/${openId}?tab=categories`, `/group/${openId}?wd=${encodeURIComponent('<script>')}`]) {
      const { text } = await html(owner, path)
      const main = text.slice(text.indexOf('<main'), text.indexOf('</main>'))
      expect(main, path).not.toContain('<script>')
      expect(main, path).not.toContain('<b>粗')
      expect(main, path).not.toContain('<img src=x')
    }
    const { text } = await html(createClient(baseUrl), `/group/${openId}/${cid}`)
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(decode(bookmarksOf(text)[0]!.name!)).toBe(hostile)
  })

  test('a guest sees the card, the bookmarks of an open group and a sign-in link that comes back here; their posts go to sign in', async () => {
    const guest = createClient(baseUrl)
    const { text } = await html(guest, `/group/${openId}`)
    expect(text).toContain('公开小组')
    expect(text).toContain(`href="/login?redirectTo=%2Fgroup%2F${openId}"`)
    expect(text).not.toContain('name="intent" value="star"')
    const closed = await html(guest, `/group/${closedId}`)
    expect(closed.text).toContain(GROUP_CLOSED)
    expect(closed.text).toContain(`href="/login?redirectTo=%2Fgroup%2F${closedId}"`)
    expect(closed.text).not.toContain('秘密书签')
    const star = await submit(guest, `/group/${openId}`, { intent: 'star' })
    expect(star.status).toBe(302)
    expect(star.location).toBe(`/login?redirectTo=${encodeURIComponent(`/group/${openId}`)}`)
    // An unknown group or category: 404, never a 500.
    expect((await html(guest, '/group/999999')).status).toBe(404)
    expect((await html(guest, `/group/${openId}/999999`)).status).toBe(404)
    expect((await html(guest, `/group/${openId}/abc`)).status).toBe(404)
  })

  test('odd posts answer with a message, never a 500: unknown intents, malformed ids, unreadable bodies', async () => {
    const path = `/group/${openId}`
    const odd: Record<string, string>[] = [{ intent: 'nope' }, { intent: 'delete-bookmark', id: 'x' }, { intent: 'review-contribute', id: '1', status: 'maybe' }, { intent: 'category-up', cid: '0' }, { intent: 'copy', id: '99999999', target: '1' }]
    for (const fields of odd) {
      const answer = await submit(owner, path, fields)
      expect(answer.status, JSON.stringify(fields)).toBe(302)
      expect(answer.toast?.type, JSON.stringify(fields)).toBe('error')
    }
    const unreadable = await owner.request(path, { method: 'POST', headers: { ...owner.sameOrigin, 'Content-Type': 'text/plain' }, body: 'intent=star' })
    expect(unreadable.status).toBe(400)
    // A post from another site is refused before the action.
    const foreign = await owner.request(path, { method: 'POST', headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, body: new URLSearchParams({ intent: 'star' }) })
    expect(foreign.status).toBeGreaterThanOrEqual(400)
    expect(foreign.status).toBeLessThan(500)
  })

  test('the owner’s tools: invite code with its full address, members made administrators, index mode', async () => {
    expect((await submit(owner, `/group/${openId}?tab=invite`, { intent: 'invite-generate' })).toast?.type).toBe('success')
    const invite = (await html(owner, `/group/${openId}?tab=invite`)).text
    expect(invite).toMatch(new RegExp(`value="${baseUrl.replace(/[.]/g, '\\.')}/group/invite\\?code=[^"]+"`))
    expect((await submit(owner, `/group/${openId}?tab=invite`, { intent: 'invite-toggle' })).toast).toEqual({ type: 'success', msg: '邀请码已关闭' })

    const members = (await html(owner, `/group/${openId}?tab=members`)).text
    expect(members).toContain('设为管理员')
    expect((await submit(owner, `/group/${openId}?tab=members`, { intent: 'set-permission', userId: member.userId })).toast?.type).toBe('success')
    expect((await html(owner, `/group/${openId}?tab=members`)).text).toContain('取消管理员')
    // An administrator now: the member's page has the trash and review tabs, and no 移除 on the owner.
    const adminView = (await html(member.client, `/group/${openId}?tab=members`)).text
    expect(adminView).toContain('?tab=trash')
    expect(adminView).not.toContain('value="remove-member"')

    expect((await submit(owner, `/group/${openId}`, { intent: 'index-mode' })).toast?.type).toBe('success')
    expect((await html(owner, `/group/${openId}`)).text).toContain('全部书签')
    // Deleting the group needs its checkbox.
    expect((await submit(owner, `/group/${openId}`, { intent: 'delete-group' })).toast?.type).toBe('error')
    expect((await html(owner, `/group/${openId}`)).status).toBe(200)
  })

  test('the banner: the owner sets a slogan on a colour, a bad colour changes nothing, a member may not', async () => {
    const page = `/group/${openId}`
    const saved = await submit(owner, page, { intent: 'banner', slogan: '<b>一起收藏</b>', color: '#3b7ddd' })
    expect(saved.toast).toEqual({ type: 'success', msg: '横幅已保存' })
    let text = (await html(owner, page)).text
    expect(text).toContain('&lt;b&gt;一起收藏&lt;/b&gt;')
    expect(text).toContain('background-color:#3b7ddd')
    const refused = await submit(owner, page, { intent: 'banner', slogan: '新标语', color: 'red;background:url(//evil)' })
    expect(refused.toast).toEqual({ type: 'error', msg: '请选择正确的颜色' })
    expect((await submit(member.client, page, { intent: 'banner', slogan: '成员改的', color: '' })).toast?.type).toBe('error')
    text = (await html(createClient(baseUrl), page)).text
    expect(text).toContain('&lt;b&gt;一起收藏&lt;/b&gt;')
    expect(text).not.toContain('新标语')
    expect(text).not.toContain('成员改的')
  })
})

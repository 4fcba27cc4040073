import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, ok, post, signUp } from './content-helpers.ts'

/**
 * The group pages of issue 24 over HTTP, as a browser without JavaScript uses them: /group
 * (explore and the user's own lists), /group/create (create and edit), /group/notice (applications
 * and notices), /group/join and /group/invite; the header's 小组 entry and its dot.
 *
 * Applications, invite codes and the trash are made through the group calls of /api/group (issue
 * 24's API, built beside these pages): the tests that need them run once those calls answer.
 */

const baseUrl = inject('baseUrl')

/** A page's HTML (200), without the `<!-- -->` React puts between adjacent texts. */
async function page(client: Client, path: string, status = 200) {
  const response = await client.request(path)
  expect(response.status, path).toBe(status)
  return (await response.text()).replaceAll('<!-- -->', '')
}

/** A form posted as a browser without JavaScript posts it: multipart when `multipart`, else urlencoded. */
function postForm(client: Client, path: string, fields: Record<string, string>, multipart = false) {
  if (!multipart) return client.request(path, { method: 'POST', form: fields, headers: client.sameOrigin })
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  return client.request(path, { method: 'POST', body, headers: client.sameOrigin })
}

/** The toast a redirect carries (the flash cookie's message). */
function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('qy_toast='))
  return cookie ? (JSON.parse(decodeURIComponent(cookie.slice('qy_toast='.length).split(';')[0]!)) as { type: string; msg: string }) : null
}

/** Creates a group through the no-JavaScript form; answers its id. */
async function createGroup(client: Client, fields: { name: string; summary?: string; icon?: string; isOpen?: boolean }) {
  const form: Record<string, string> = { name: fields.name, summary: fields.summary ?? '', icon: fields.icon ?? 'tabler:star' }
  if (fields.isOpen ?? true) form.isOpen = 'on'
  const response = await postForm(client, '/group/create', form, true)
  expect(response.status, await response.clone().text()).toBe(302)
  const location = response.headers.get('Location') ?? ''
  expect(location).toMatch(/^\/group\/\d+$/)
  expect(toastOf(response)).toEqual({ type: 'success', msg: '创建成功' })
  return Number(location.split('/').pop())
}

/** The first `<name …>` tag carrying every one of `attributes` (in any order), or null. */
function tag(html: string, name: string, attributes: Record<string, string>) {
  for (const [found] of html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))) {
    if (Object.entries(attributes).every(([key, value]) => found.includes(` ${key}="${value}"`))) return found
  }
  return null
}

/** The names on the cards of a list page. */
const cardNames = (html: string) => [...html.matchAll(/<a class="group-card-link"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1])

/** The header's main menu: [label, href, has the dot]. */
function menuOf(html: string) {
  const start = html.indexOf('<nav aria-label="主菜单"')
  const nav = html.slice(start, html.indexOf('</nav>', start))
  return [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)(<span class="nav-dot")?/g)].map(([, to, label, dot]) => [label, to, Boolean(dot)])
}

const rand = () => Math.random().toString(36).slice(2, 7)

test('a guest sees explore, join, invite and notice pages; creating asks them to sign in and come back', async () => {
  const guest = createClient(baseUrl)
  const explore = await page(guest, '/group')
  expect(explore).toContain('<main id="main" class="page group-page">')
  expect(explore).toContain('<title>推荐小组 - 小组 - 起页</title>')
  // Only the lists anyone may see are tabs; the current one is marked.
  const tabs = explore.slice(explore.indexOf('<nav class="group-tabs"'), explore.indexOf('</nav>', explore.indexOf('<nav class="group-tabs"')))
  expect([...tabs.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, to, label]) => [label, to!.replaceAll('&amp;', '&')])).toEqual([
    ['推荐小组', '/group'],
    ['公开小组', '/group?tab=open'],
  ])
  expect(tag(tabs, 'a', { 'aria-current': 'page', href: '/group' })).not.toBeNull()
  expect(tag(explore, 'a', { class: 'button button-primary group-nav-create', href: '/login?redirectTo=%2Fgroup%2Fcreate' })).not.toBeNull()
  // The menu has 小组, without a dot for a guest.
  expect(menuOf(explore)).toEqual([
    ['首页', '/', false],
    ['小组', '/group', false],
    ['发现', '/discover', false],
    ['工具箱', '/tool', false],
    ['帮助', '/help', false],
    ['插件', '/plugin', false],
  ])
  // A signed-in list asks a guest to sign in, coming back to it.
  expect(await page(guest, '/group?tab=create')).toMatch(/登录后查看我创建的的小组。|href="\/login\?redirectTo=%2Fgroup%3Ftab%3Dcreate"/)

  const join = await page(guest, '/group/join')
  expect(tag(join, 'form', { class: 'group-code-form', action: '/group/invite', method: 'get' })).not.toBeNull()
  expect(join).toContain('<label for="group-invite-code">邀请码</label>')
  expect(tag(join, 'input', { id: 'group-invite-code', name: 'code', type: 'text', required: '' })).not.toBeNull()

  const invite = await page(guest, '/group/invite?code=not-a-code')
  expect(invite).toContain('<p class="form-error" role="alert">邀请码无效或已失效</p>')
  expect(tag(invite, 'input', { id: 'group-invite-code', name: 'code', value: 'not-a-code' })).not.toBeNull()

  const notice = await page(guest, '/group/notice')
  expect(notice).toContain('登录后查看小组消息和待审核的入组申请。')
  expect(notice).toContain('href="/login?redirectTo=%2Fgroup%2Fnotice"')

  for (const path of ['/group/create', '/group/create?id=1']) {
    const response = await guest.request(path)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
  }
  // A guest's post is sent to sign in too, and nothing is made.
  const posted = await postForm(guest, '/group/create', { name: '游客的小组', icon: 'tabler:star' }, true)
  expect(posted.status).toBe(302)
  expect(posted.headers.get('Location')).toBe('/login?redirectTo=%2Fgroup%2Fcreate')
})

test('a signed-in user sees every page, with their own lists as tabs', async () => {
  const { client } = await signUp(baseUrl, '小组访客')
  const explore = await page(client, '/group')
  expect([...explore.matchAll(/<li><a [^>]*href="(\/group[^"]*)"[^>]*>([^<]+)<\/a><\/li>/g)].map((m) => m[2])).toEqual(
    expect.arrayContaining(['推荐小组', '公开小组', '我创建的', '我加入的', '我投稿的', '我收藏的', '回收站']),
  )
  expect(tag(explore, 'a', { class: 'button button-primary group-nav-create', href: '/group/create' })).not.toBeNull()
  for (const [tab, empty] of [
    ['create', '你还没有创建小组。'],
    ['join', '你还没有加入小组。'],
    ['contribute', '你还没有向小组投稿过书签。'],
    ['star', '你还没有收藏小组。'],
    ['trash', '回收站是空的。'],
  ]) {
    expect(await page(client, `/group?tab=${tab}`), tab).toContain(empty)
  }
  expect(await page(client, '/group/join')).toContain('<h1 id="group-join-title">用邀请码加入小组</h1>')
  const notice = await page(client, '/group/notice')
  expect(notice).toContain('<h1 class="group-title">小组消息</h1>')
  expect(notice).toContain('暂无小组通知。')
  const create = await page(client, '/group/create')
  expect(create).toContain('<h1 id="group-form-title">创建小组</h1>')
  expect(tag(create, 'form', { id: 'group-form', method: 'post', action: '/group/create', encType: 'multipart/form-data' })).not.toBeNull()
  for (const label of ['小组名称', '小组简介', '公开小组']) expect(create).toContain(`${label}</label>`)
  expect(create).toContain('公开小组任何人可查看和加入；私密小组需申请或邀请码加入。')
  // A new group is public by default, with an icon picked.
  expect(tag(create, 'input', { type: 'checkbox', name: 'isOpen', checked: '' })).not.toBeNull()
  expect(tag(create, 'input', { type: 'radio', name: 'icon', value: 'tabler:users', checked: '' })).not.toBeNull()
  // The menu entry: 小组, marked as the page shown.
  expect(tag(explore, 'a', { 'aria-current': 'page', class: 'nav-with-dot active', href: '/group' })).not.toBeNull()
})

test('create through the no-JavaScript form, find it in the lists, edit it; nobody else may', async () => {
  const { client } = await signUp(baseUrl, '组长')
  const name = `前端资源${rand()}`
  const id = await createGroup(client, { name, summary: '收集好用的前端工具' })
  expect(cardNames(await page(client, '/group?tab=create'))).toEqual([name])
  expect(cardNames(await page(createClient(baseUrl), '/group?tab=open'))).toContain(name)
  // Recommended: the most bookmarks, then people, then the newest (a new group ties with the others).
  expect(cardNames(await page(createClient(baseUrl), '/group'))).toContain(name)
  const card = await page(client, '/group?tab=create')
  expect(card).toContain(`<a class="group-card-link" href="/group/${id}"`)
  expect(card).toMatch(/<span>成员 1<\/span><span>书签 0<\/span><span class="group-card-creator">创建者 组长<\/span><span class="group-badge">公开<\/span>/)

  // Editing: the form starts from the group; saving it private takes it off the open list.
  const edit = await page(client, `/group/create?id=${id}`)
  expect(edit).toContain('<h1 id="group-form-title">编辑小组</h1>')
  expect(tag(edit, 'input', { name: 'name', value: name })).not.toBeNull()
  expect(edit).toContain('>收集好用的前端工具</textarea>')
  const saved = await postForm(client, `/group/create?id=${id}`, { name: `${name}改`, summary: '', icon: 'tabler:code' }, true)
  expect(saved.status).toBe(302)
  expect(saved.headers.get('Location')).toBe(`/group/${id}`)
  expect(toastOf(saved)).toEqual({ type: 'success', msg: '保存成功' })
  expect(cardNames(await page(client, '/group?tab=create'))).toEqual([`${name}改`])
  expect(await page(client, '/group?tab=create')).toContain('<span class="group-badge group-badge-closed">私密</span>')
  expect(cardNames(await page(createClient(baseUrl), '/group?tab=open'))).not.toContain(`${name}改`)

  // Someone else's group, or none: the not-found page, and their post changes nothing.
  const other = await signUp(baseUrl, '路人')
  for (const path of [`/group/create?id=${id}`, '/group/create?id=999999999', '/group/create?id=abc']) await page(other.client, path, 404)
  const refused = await postForm(other.client, `/group/create?id=${id}`, { name: '抢走', icon: 'tabler:star' }, true)
  expect(refused.status).toBe(400)
  expect(cardNames(await page(client, '/group?tab=create'))).toEqual([`${name}改`])
})

test('a failed form comes back (400) with the messages beside the fields and the values kept', async () => {
  const { client } = await signUp(baseUrl, '填表人')
  const summary = '很长的简介'.repeat(41)
  const response = await postForm(client, '/group/create', { name: '  ', summary, icon: 'tabler:star', isOpen: 'on' }, true)
  expect(response.status).toBe(400)
  const html = (await response.text()).replaceAll('<!-- -->', '')
  expect(tag(html, 'input', { name: 'name', 'aria-invalid': 'true' })).toMatch(/ aria-describedby="[^"]*group-form-name-error/)
  expect(html).toContain('<p id="group-form-name-error" class="field-error" role="alert">请输入小组名称</p>')
  expect(html).toContain('<p id="group-form-summary-error" class="field-error" role="alert">小组简介不能超过200个字</p>')
  expect(html).toContain(`>${summary}</textarea>`)
  // A name too long, and no icon.
  const again = await postForm(client, '/group/create', { name: '名'.repeat(21), summary: '' }, true)
  expect(again.status).toBe(400)
  const text = await again.text()
  expect(text).toContain('小组名称不能超过20个字')
  expect(text).toContain('请选择图标')
  expect(text).toContain(`value="${'名'.repeat(21)}"`)
  // Nothing was made.
  expect(await page(client, '/group?tab=create')).toContain('你还没有创建小组。')
  // Urlencoded (a form without the file field) works the same.
  const plain = await postForm(client, '/group/create', { name: '表单小组', icon: 'tabler:star' })
  expect(plain.status).toBe(302)
  expect(cardNames(await page(client, '/group?tab=create'))).toEqual(['表单小组'])
})

test('names and summaries with markup are shown as text', async () => {
  const { client } = await signUp(baseUrl, '<img src=x>')
  const name = '<script>组</script>'
  const id = await createGroup(client, { name, summary: '<script>alert(1)</script><b>粗</b>' })
  for (const path of ['/group?tab=create', '/group?tab=open', `/group/create?id=${id}`]) {
    const html = await page(client, path)
    expect(html, path).not.toContain('<script>组')
    expect(html, path).not.toContain('<script>alert(1)')
    expect(html, path).not.toContain('<b>粗')
    expect(html, path).not.toContain('<img src=x>')
  }
  const list = await page(client, '/group?tab=create')
  expect(list).toContain('&lt;script&gt;组&lt;/script&gt;')
  expect(list).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;粗&lt;/b&gt;')
  expect(list).toContain('创建者 &lt;img src=x&gt;')
})

test('lists page 20 at a time with the pager', async () => {
  const { client } = await signUp(baseUrl, '多产组长')
  for (let i = 1; i <= 21; i++) {
    const response = await postForm(client, '/group/create', { name: `第${i}组`, icon: 'tabler:star', isOpen: 'on' })
    // The 21st is over the limit of 20 groups a person: the form says so.
    if (i === 21) {
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('每人最多创建20个小组')
    } else expect(response.status).toBe(302)
  }
  const first = await page(client, '/group?tab=create')
  expect(cardNames(first)).toHaveLength(20)
  expect(first).toContain('共 20 个小组')
  expect(first).not.toContain('rel="next"')
  // The open list of everyone has more than 20 by now: its second page.
  const open = await page(client, '/group?tab=open')
  expect(cardNames(open)).toHaveLength(20)
  expect(open).toMatch(/<a rel="next" href="\/group\?tab=open&amp;page=2"[^>]*>下一页<\/a>/)
  const second = await page(client, '/group?tab=open&page=2')
  expect(second).toMatch(/<a rel="prev" href="\/group\?tab=open"[^>]*>上一页<\/a>/)
  expect(await page(client, '/group?tab=create&page=9')).toContain('这一页没有小组了。')
})

test('the trash lists a deleted group 5 a page, and 恢复 brings it back', async () => {
  const { client } = await signUp(baseUrl, '删组人')
  const ids = []
  for (let i = 1; i <= 6; i++) ids.push(await createGroup(client, { name: `旧组${i}` }))
  for (const id of ids) await ok(post(client, '/api/group/delete', { id }))
  const trash = await page(client, '/group?tab=trash')
  expect(cardNames(trash)).toEqual([])
  expect(trash.match(/class="group-card"/g)).toHaveLength(5)
  expect(trash).toContain('删除于 ')
  expect(trash).toMatch(/<a rel="next" href="\/group\?tab=trash&amp;page=2"/)
  const restored = await postForm(client, '/group?tab=trash', { intent: 'restore-group', groupId: String(ids[0]) })
  expect(restored.status).toBe(302)
  expect(restored.headers.get('Location')).toBe('/group?tab=trash')
  expect(toastOf(restored)).toEqual({ type: 'success', msg: '恢复成功' })
  expect(cardNames(await page(client, '/group?tab=create'))).toEqual(['旧组1'])
})

test('恢复 of a group that is not in the trash, or not one’s own, is refused with a toast', async () => {
  const { client } = await signUp(baseUrl, '恢复者')
  const id = await createGroup(client, { name: '活着的组' })
  const other = await signUp(baseUrl, '别人')
  for (const [who, groupId] of [
    [client, id],
    [other.client, id],
    [client, 999999999],
  ] as const) {
    const response = await postForm(who, '/group?tab=trash&page=2', { intent: 'restore-group', groupId: String(groupId) })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/group?tab=trash&page=2')
    expect(toastOf(response)?.type).toBe('error')
  }
})

test('an application: the reviewer sees it on /group/notice, 通过 makes the applicant a member, and the header’s dot comes and goes', async () => {
  const owner = await signUp(baseUrl, '审核人')
  const id = await createGroup(owner.client, { name: '私密设计组', isOpen: false })
  const applicant = await signUp(baseUrl, '申请人')
  expect((await post(applicant.client, '/api/group/apply-join', { groupId: id })).body).toMatchObject({ code: 1 })

  // The owner has a group notice: the dot on 小组, on any page, without JavaScript.
  expect(menuOf(await page(owner.client, '/group/join'))).toContainEqual(['小组', '/group', true])
  expect(menuOf(await page(owner.client, '/'))).toContainEqual(['小组', '/group', true])
  const notice = await page(owner.client, '/group/notice')
  expect(notice).toMatch(/<strong>申请人<\/strong><span>申请加入<\/span><a href="\/group\/\d+"[^>]*>「私密设计组」<\/a>/)
  expect(notice).toContain('新的入组申请')
  // The page has read the notices: its own header already says so, and so does the next page.
  expect(menuOf(notice)).toContainEqual(['小组', '/group', false])
  expect(menuOf(await page(owner.client, '/group'))).toContainEqual(['小组', '/group', false])

  const applyId = /<input type="hidden" name="id" value="(\d+)"\/>/.exec(notice)?.[1]
  expect(applyId).toBeDefined()
  // Someone who does not review this group cannot decide it.
  const refused = await postForm(applicant.client, '/group/notice', { intent: 'review-apply', id: applyId!, status: 'approved' })
  expect(toastOf(refused)?.type).toBe('error')
  expect(cardNames(await page(applicant.client, '/group?tab=join'))).toEqual([])

  const approved = await postForm(owner.client, '/group/notice', { intent: 'review-apply', id: applyId!, status: 'approved' })
  expect(approved.status).toBe(302)
  expect(approved.headers.get('Location')).toBe('/group/notice')
  expect(toastOf(approved)).toEqual({ type: 'success', msg: '已通过入组申请' })
  expect(cardNames(await page(applicant.client, '/group?tab=join'))).toEqual(['私密设计组'])
  expect(await page(owner.client, '/group/notice')).not.toContain('<span>申请加入</span>')
  // Deciding twice decides once.
  const twice = await postForm(owner.client, '/group/notice', { intent: 'review-apply', id: applyId!, status: 'rejected' })
  expect(toastOf(twice)).toEqual({ type: 'error', msg: '该申请已处理' })

  // The applicant hears of it: their dot, then their notice page.
  expect(menuOf(await page(applicant.client, '/group'))).toContainEqual(['小组', '/group', true])
  expect(await page(applicant.client, '/group/notice')).toContain('「审核人」通过了你的入组申请（小组「私密设计组」）')
  expect(menuOf(await page(applicant.client, '/group'))).toContainEqual(['小组', '/group', false])
})

test('an invite code: the page shows the group, 加入小组 joins it; a guest signs in and comes back; a code switched off is refused', async () => {
  const owner = await signUp(baseUrl, '邀请人')
  const id = await createGroup(owner.client, { name: '邀请小组', summary: '只收邀请', isOpen: false })
  const { code } = await ok(post(owner.client, '/api/group/generate-invite-code', { groupId: id }))
  const path = `/group/invite?code=${code}`

  const guest = await page(createClient(baseUrl), path)
  expect(cardNames(guest)).toEqual(['邀请小组'])
  expect(guest).toContain(`href="/login?redirectTo=${encodeURIComponent(path)}"`)

  const { client } = await signUp(baseUrl, '受邀人')
  // Pasting the whole link into /group/join's box works as well as the code.
  const shown = await page(client, `/group/invite?code=${encodeURIComponent(`${baseUrl}${path}`)}`)
  expect(cardNames(shown)).toEqual(['邀请小组'])
  expect(shown).toContain('只收邀请')
  // The form posts the code itself.
  expect(tag(shown, 'input', { type: 'hidden', name: 'code', value: code })).not.toBeNull()
  const joined = await postForm(client, path, { code })
  expect(joined.status).toBe(302)
  expect(joined.headers.get('Location')).toBe(`/group/${id}`)
  expect(toastOf(joined)).toEqual({ type: 'success', msg: '已加入小组' })
  expect(cardNames(await page(client, '/group?tab=join'))).toEqual(['邀请小组'])
  expect(await page(client, path)).toContain('你已是该小组成员。')

  // A guest's join goes to sign in, back to the same page.
  const guestPost = await postForm(createClient(baseUrl), path, { code })
  expect(guestPost.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)

  await ok(post(owner.client, '/api/group/set-invite-state', { groupId: id }))
  const late = await signUp(baseUrl, '迟到的人')
  const off = await page(late.client, path)
  expect(off).toContain('<p class="form-error" role="alert">邀请码无效或已失效</p>')
  expect(tag(off, 'input', { id: 'group-invite-code', name: 'code' })).not.toBeNull()
  const refused = await postForm(late.client, path, { code })
  expect(refused.headers.get('Location')).toBe(path)
  expect(toastOf(refused)).toEqual({ type: 'error', msg: '邀请码无效或已失效' })
  expect(cardNames(await page(late.client, '/group?tab=join'))).toEqual([])
})

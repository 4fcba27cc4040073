import { expect, inject, test } from 'vitest'
import { jpeg, BLUE } from '#tests/fixtures/images.ts'
import { mailsTo, waitForMail } from '#tests/sites/mail-server.ts'
import { type Client, isSignedIn, newEmail, postPage, registerAccount, signInAgain } from './account-helpers.ts'
import { createClient } from './client.ts'
import { get, ok, post, signUp } from './content-helpers.ts'

/** The user centre's browser history, e-mail change and account deletion with JavaScript off. */

const baseUrl = inject('baseUrl')
const mailPort = inject('mailPort')

/** A page asked until the page cache answers it (an ETag), so the next look proves it was renewed. */
async function look(client: Client, path: string) {
  for (let ask = 1; ; ask++) {
    const response = await client.request(path)
    const html = await response.text()
    if (response.status !== 200 || response.headers.get('etag') || ask === 3) return { status: response.status, html }
  }
}

/** The history page's entries: [path, title]. */
async function historyOf(client: Client) {
  const html = await (await client.request('/user/browser-history')).text()
  return [...html.matchAll(/<li class="history-item"><a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1]!.replace(/&amp;/g, '&'), m[2]])
}

/** Waits for the history buffer's next write (every 3 s) to show `path`. */
async function waitForHistory(client: Client, path: string) {
  await expect.poll(async () => (await historyOf(client)).map(([p]) => p), { timeout: 10_000, interval: 500 }).toContain(path)
}

test('guests are sent to sign in from the new pages', async () => {
  for (const path of ['/user/browser-history', '/user/logoff']) {
    const response = await createClient(baseUrl).request(path)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
  }
})

test('the user-centre navigation and the account dropdown link every user page', async () => {
  const { client } = await signUp(baseUrl, '导航')
  const centre = await (await client.request('/user/browser-history')).text()
  const start = await (await client.request('/')).text()
  for (const [path, label] of [
    ['/user/account', '账号设置'],
    ['/user/online', '在线设备'],
    ['/user/browser-history', '浏览记录'],
    ['/user/logoff', '注销账号'],
    ['/user/export', '导出书签'],
  ]) {
    expect(centre).toMatch(new RegExp(`<a[^>]+href="${path}"[^>]*>${label}</a>`))
    expect(start).toMatch(new RegExp(`<a[^>]+href="${path}"[^>]*>${label}</a>`))
  }
})

test('terms and privacy are real pages, linked from the login and register forms', async () => {
  for (const path of ['/login', '/login?mode=register']) {
    const html = await (await createClient(baseUrl).request(path)).text()
    expect(html).toMatch(/<a[^>]+href="\/terms"[^>]*>用户协议<\/a>/)
    expect(html).toMatch(/<a[^>]+href="\/privacy"[^>]*>隐私政策<\/a>/)
  }
  const terms = await createClient(baseUrl).request('/terms')
  expect(terms.status).toBe(200)
  expect(await terms.text()).toContain('起页用户协议')
  const privacy = await (await createClient(baseUrl).request('/privacy')).text()
  for (const word of ['IP 地址', '浏览记录', '上传的文件', '注销账号']) expect(privacy).toContain(word)
})

test('browser history: pages opened (start page from the cache too), newest first; off stops it, on resumes; clear empties it', async () => {
  const { client } = await signUp(baseUrl, '看历史')
  const name = (await ok(client.api('/api/site/init-info'))).homepageInfo?.name
  await look(client, '/')
  await client.request('/tool/json')
  await client.request('/search?wd=%E4%B9%A6%E7%AD%BE')
  // Written in batches every few seconds: the visits may land in different ones.
  const opened = ['/', '/tool/json', '/search?wd=%E4%B9%A6%E7%AD%BE', '/user/browser-history']
  await expect.poll(async () => (await historyOf(client)).map(([p]) => p), { timeout: 15_000, interval: 500 }).toEqual(expect.arrayContaining(opened))
  const first = await historyOf(client)
  expect(first.find(([p]) => p === '/tool/json')![1]).toBe('JSON 格式化 - 工具箱')
  expect(first.find(([p]) => p === '/search?wd=%E4%B9%A6%E7%AD%BE')![1]).toBe('搜索：书签')
  if (name) expect(first.find(([p]) => p === '/')![1]).toBe(name)

  // The start page again, answered from the page cache: it moves to the top.
  await client.request('/')
  await expect.poll(async () => (await historyOf(client)).filter(([p]) => !String(p).startsWith('/user/'))[0]?.[0], { timeout: 10_000, interval: 500 }).toBe('/')

  const off = await postPage(client, '/user/browser-history', { intent: 'recording', on: '0' })
  expect(off.status).toBe(302)
  const offPage = await (await client.request('/user/browser-history')).text()
  expect(offPage).toContain('已关闭浏览记录')
  expect(offPage).toContain('开启记录')
  await client.request('/tool/base64')
  await client.request('/')
  await new Promise((resolve) => setTimeout(resolve, 4_000))
  expect((await historyOf(client)).map(([p]) => p)).not.toContain('/tool/base64')

  await postPage(client, '/user/browser-history', { intent: 'recording', on: '1' })
  await client.request('/tool/url')
  await waitForHistory(client, '/tool/url')

  const cleared = await postPage(client, '/user/browser-history', { intent: 'clear' })
  expect(cleared.status).toBe(302)
  const page = await (await client.request('/user/browser-history')).text()
  expect(page).toContain('浏览记录已清空')
  expect(page).toContain('还没有浏览记录')
  // Another user's history is not this one's.
  const other = await signUp(baseUrl, '别人')
  expect(await historyOf(other.client)).toEqual([])
})

test('e-mail change: confirmed by the new address through our SMTP server; taken refused; old address told', async () => {
  const { client, email, password } = await registerAccount(baseUrl, { nickname: '换邮箱的人' })
  const taken = await registerAccount(baseUrl)
  const refused = await postPage(client, '/user/account', { intent: 'email', email: taken.email, current: password })
  expect(refused.status).toBe(400)
  const refusedHtml = await refused.text()
  expect(refusedHtml).toContain('该邮箱地址已经存在')
  expect(refusedHtml).toContain(`value="${taken.email}"`)
  const wrong = await postPage(client, '/user/account', { intent: 'email', email: newEmail(), current: 'not-it' })
  expect(await wrong.text()).toContain('当前密码不正确')
  const bad = await postPage(client, '/user/account', { intent: 'email', email: 'nope', current: password })
  expect(await bad.text()).toContain('请输入正确的邮箱地址')

  const next = newEmail()
  const sent = await postPage(client, '/user/account', { intent: 'email', email: next, current: password })
  expect(sent.status).toBe(302)
  expect(await (await client.request('/user/account')).text()).toContain(`确认邮件已发送到 ${next}`)
  // Nothing changed yet.
  expect(await isSignedIn(await signInAgain(baseUrl, email, password))).toBe(true)

  const mail = await waitForMail(mailPort, next)
  expect(mail.subject).toBe('起页：确认新的登录邮箱')
  const link = /\/email\/confirm\?token=[\w.-]+/.exec(mail.text)![0]
  // Opening the link changes nothing (a mail scanner may open it); its button does.
  const pageHtml = await (await createClient(baseUrl).request(link)).text()
  expect(pageHtml).toContain(next)
  const token = new URL(link, baseUrl).searchParams.get('token')!
  const done = await postPage(client, link, { token })
  expect(done.status).toBe(302)
  expect(done.headers.get('Location')).toBe('/user/account')
  const account = await (await client.request('/user/account')).text()
  expect(account).toContain('邮箱已修改')
  expect(account).toMatch(new RegExp(`登录邮箱：(<!-- -->)?${next}`))
  await signInAgain(baseUrl, next, password)
  expect((await postPage(createClient(baseUrl), '/login', { intent: 'login', email, password, redirectTo: '/' })).status).toBe(400)
  const notice = await waitForMail(mailPort, email)
  expect(notice.subject).toBe('起页：登录邮箱已修改')

  const again = await postPage(createClient(baseUrl), link, { token })
  expect(again.status).toBe(400)
  expect(await again.text()).toContain('确认链接无效或已被使用')
  expect(await mailsTo(mailPort, taken.email)).toEqual([])
})

test('account deletion: re-authenticated; the homepages, bookmarks, avatar file and memberships go; members and others see it gone; others keep theirs', async () => {
  const leaving = await signUp(baseUrl, '要走的人')
  const code = `bye${Date.now().toString(36)}`
  await ok(post(leaving.client, '/api/homepage/add', { homepageId: leaving.homepageId, title: '告别主页', summary: '', icon: 'tabler:home', code }))
  await ok(post(leaving.client, '/api/homepage/set-open-status', { homepageId: leaving.homepageId }))
  const bid = (await ok(get(leaving.client, '/api/bag/get-create', { homepageId: leaving.homepageId })))[0].children[0].value as number
  await ok(post(leaving.client, '/api/source/add', { bid, sour_name: '要走的书签', sour_url: 'https://leaving.example/' }))
  const form = new FormData()
  form.set('intent', 'avatar')
  form.set('avatar', new Blob([new Uint8Array(await jpeg(100, 100, BLUE))], { type: 'image/jpeg' }), 'me.jpg')
  expect((await leaving.client.request('/user/account', { method: 'POST', headers: leaving.client.sameOrigin, body: form })).status).toBe(302)
  const avatar = /<img class="account-avatar" src="(\/uploads\/[0-9a-f]{32}\.jpg)/.exec(await (await leaving.client.request('/user/account')).text())![1]!
  expect((await createClient(baseUrl).request(avatar)).status).toBe(200)

  // A member and a follower of the leaving user's homepage; the leaving user a member of another's.
  const member = await signUp(baseUrl, '留下的成员')
  const invite = await ok(post(leaving.client, '/api/homepage/invite-code', { homepageId: leaving.homepageId, type: 'generate' }))
  await ok(post(member.client, '/api/homepage/join-homepage', { code: invite.code, homepageId: leaving.homepageId }))
  const follower = await signUp(baseUrl, '关注的人')
  await ok(post(follower.client, '/api/homepage/follow', { homepageId: leaving.homepageId }))
  const staying = await signUp(baseUrl, '另一个主人')
  const otherCode = `stay${Date.now().toString(36)}`
  await ok(post(staying.client, '/api/homepage/add', { homepageId: staying.homepageId, title: '留下的主页', summary: '', icon: 'tabler:home', code: otherCode }))
  const otherInvite = await ok(post(staying.client, '/api/homepage/invite-code', { homepageId: staying.homepageId, type: 'generate' }))
  await ok(post(leaving.client, '/api/homepage/join-homepage', { code: otherInvite.code, homepageId: staying.homepageId }))
  const stayingBid = (await ok(get(staying.client, '/api/bag/get-create', { homepageId: staying.homepageId })))[0].children[0].value as number
  await ok(post(staying.client, '/api/source/add', { bid: stayingBid, sour_name: '留下的书签', sour_url: 'https://staying.example/' }))

  // Pages kept by the cache before: the member's and the follower's view of the homepage, the other owner's page with two members' faces.
  expect((await look(member.client, `/${code}`)).html).toContain('要走的书签')
  expect((await look(follower.client, `/${code}`)).html).toContain('要走的书签')
  const stayingBefore = (await look(staying.client, '/')).html
  expect(stayingBefore).toContain('留下的书签')
  const membersBefore = await ok(get(staying.client, '/api/homepage/member-list', { homepageId: staying.homepageId }))

  // The page offers the export first, and needs the password and the box ticked.
  const page = await (await leaving.client.request('/user/logoff')).text()
  expect(page).toMatch(/<a[^>]+href="\/user\/export"[^>]*>导出书签<\/a>/)
  const unticked = await postPage(leaving.client, '/user/logoff', { password: '六个中文密码' })
  expect(unticked.status).toBe(400)
  expect(await unticked.text()).toContain('请勾选确认框')
  const wrong = await postPage(leaving.client, '/user/logoff', { password: 'not-it', confirm: 'on' })
  expect(wrong.status).toBe(400)
  expect(await wrong.text()).toContain('当前密码不正确')
  expect(await isSignedIn(leaving.client)).toBe(true)

  const done = await postPage(leaving.client, '/user/logoff', { password: '六个中文密码', confirm: 'on' })
  expect(done.status).toBe(302)
  expect(done.headers.get('Location')).toBe('/')
  expect(done.headers.get('Set-Cookie')).toMatch(/qy_sid=;|Max-Age=0|Expires=Thu, 01 Jan 1970/)
  expect(await isSignedIn(leaving.client)).toBe(false)

  // Gone for everyone: the homepage (the cached pages were renewed), the avatar file.
  expect((await member.client.request(`/${code}`)).status).toBe(404)
  expect((await follower.client.request(`/${code}`)).status).toBe(404)
  expect((await createClient(baseUrl).request(`/${code}`)).status).toBe(404)
  expect((await createClient(baseUrl).request(avatar)).status).toBe(404)
  expect(await ok(get(member.client, '/api/homepage/get-join-list', { page: 1 }))).toMatchObject({ list: [] })
  // The other owner lost a member (their list) and keeps everything of their own.
  const membersAfter = await ok(get(staying.client, '/api/homepage/member-list', { homepageId: staying.homepageId }))
  expect(JSON.stringify(membersBefore)).toContain('要走的人')
  expect(JSON.stringify(membersAfter)).not.toContain('要走的人')
  expect((await look(staying.client, '/')).html).toContain('留下的书签')
})

test('the members dialog shows each person’s avatar, or their initial', async () => {
  const owner = await signUp(baseUrl, '有脸的主人')
  const code = `faces${Date.now().toString(36)}`
  await ok(post(owner.client, '/api/homepage/add', { homepageId: owner.homepageId, title: '看脸主页', summary: '', icon: 'tabler:home', code }))
  const form = new FormData()
  form.set('intent', 'avatar')
  form.set('avatar', new Blob([new Uint8Array(await jpeg(90, 90, BLUE))], { type: 'image/jpeg' }), 'me.jpg')
  expect((await owner.client.request('/user/account', { method: 'POST', headers: owner.client.sameOrigin, body: form })).status).toBe(302)
  const avatar = /<img class="account-avatar" src="(\/uploads\/[0-9a-f]{32}\.jpg)/.exec(await (await owner.client.request('/user/account')).text())![1]!
  const invite = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId: owner.homepageId, type: 'generate' }))
  const member = await signUp(baseUrl, '没脸的成员')
  await ok(post(member.client, '/api/homepage/join-homepage', { code: invite.code, homepageId: owner.homepageId }))
  const html = await (await member.client.request(`/${code}?dialog=members`)).text()
  const list = /<div class="manage-list members-list">([\s\S]*?)<\/ul>/.exec(html)![1]!
  expect(list).toMatch(new RegExp(`<img class="member-face" src="${avatar}\\?w=\\d+"`))
  expect(list).toMatch(/<span class="member-face tone-\d">没<\/span>/)
})

test('the new forms refuse a cross-site post, and a guest’s post changes nothing', async () => {
  const { client, password } = await registerAccount(baseUrl, { nickname: '不走的人' })
  for (const [path, form] of [
    ['/user/logoff', { password, confirm: 'on' }],
    ['/user/browser-history', { intent: 'recording', on: '0' }],
    ['/user/account', { intent: 'email', email: newEmail(), current: password }],
  ] as const) {
    const response = await client.request(path, { method: 'POST', headers: { Origin: 'https://evil.example' }, form })
    expect(response.status, path).toBe(403)
    const guest = await postPage(createClient(baseUrl), path, form)
    expect(guest.status).toBe(302)
    expect(guest.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  }
  expect(await isSignedIn(client)).toBe(true)
  expect(await (await client.request('/user/browser-history')).text()).toContain('关闭记录')
})

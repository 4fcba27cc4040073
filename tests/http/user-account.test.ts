import pg from 'pg'
import sharp from 'sharp'
import { expect, inject, test } from 'vitest'
import { jpeg } from '#tests/fixtures/images.ts'
import { type Client, isSignedIn, postPage, registerAccount, signInAgain } from './account-helpers.ts'
import { createClient } from './client.ts'
import { USER_PAGES } from '#app/components/user-pages.ts'
import { ok, post } from './content-helpers.ts'

/** /user/account and /user/online with JavaScript off: plain form posts, answers as pages. */

const baseUrl = inject('baseUrl')
const databaseUrl = inject('databaseUrl')
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** A page asked until the page cache answers it (an ETag), as page-cache.test.ts looks. */
async function look(client: Client, path: string) {
  for (let ask = 1; ; ask++) {
    const response = await client.request(path)
    const html = await response.text()
    if (response.status !== 200 || response.headers.get('etag') || ask === 3) return html
  }
}
const accountName = (html: string) => /<span class="account-name">([^<]*)<\/span>/.exec(html)?.[1]
const brandName = (html: string) => /class="brand-name"[^>]*>(?:<[^>]+>)*([^<]*)</.exec(html)?.[1]
/** The members widget of a page (the creator's face first). */
const faces = (html: string) => /<a [^>]*class="[^"]*member-widget[^"]*"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1] ?? ''

function avatarForm(bytes: Buffer, type: string, name: string) {
  const form = new FormData()
  form.set('intent', 'avatar')
  form.set('avatar', new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}
const uploadAvatar = (client: Client, form: FormData) => client.request('/user/account', { method: 'POST', headers: client.sameOrigin, body: form })

test('guests are sent to sign in from every page of the user centre, and come back to it', async () => {
  for (const path of [...USER_PAGES.map((page) => page.to), '/user/notice?page=2']) {
    const response = await createClient(baseUrl).request(path)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
  }
})

test('the user centre and the account dropdown link to both pages', async () => {
  const { client } = await registerAccount(baseUrl)
  const html = await (await client.request('/user/account')).text()
  expect(html).toMatch(/<a[^>]+aria-current="page"[^>]+href="\/user\/account"[^>]*>账号设置<\/a>|<a[^>]+href="\/user\/account"[^>]+aria-current="page"[^>]*>账号设置<\/a>/)
  expect(html).toMatch(/<a[^>]+href="\/user\/online"[^>]*>在线设备<\/a>/)
  const start = await (await client.request('/')).text()
  expect(start.match(/href="\/user\/account"/g)?.length).toBeGreaterThanOrEqual(1)
})

test('nickname: the rules in Chinese (typed value kept), then the owner’s and a member’s next start page show it', async () => {
  const owner = await registerAccount(baseUrl, { nickname: '旧的名字' })
  const code = `nick${Date.now().toString(36)}`
  const homepageId = (await ok(owner.client.api('/api/site/init-info'))).homepageId
  await ok(post(owner.client, '/api/homepage/add', { homepageId, title: '名字主页', summary: '', icon: 'tabler:home', code }))
  const link = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' }))
  const member = await registerAccount(baseUrl, { nickname: '成员某某' })
  await ok(post(member.client, '/api/homepage/join-homepage', { code: link.code, homepageId }))
  expect(accountName(await look(owner.client, '/'))).toBe('旧的名字')
  expect(accountName(await look(owner.client, '/demo'))).toBe('旧的名字')
  expect(faces(await look(member.client, `/${code}`))).toContain('旧')

  const empty = await postPage(owner.client, '/user/account', { intent: 'nickname', nickname: '  ' })
  expect(empty.status).toBe(400)
  expect(await empty.text()).toContain('请输入昵称')
  const long = await postPage(owner.client, '/user/account', { intent: 'nickname', nickname: '名'.repeat(21) })
  expect(long.status).toBe(400)
  const longHtml = await long.text()
  expect(longHtml).toContain('昵称长度不能超过20个字')
  expect(longHtml).toContain(`value="${'名'.repeat(21)}"`)

  const saved = await postPage(owner.client, '/user/account', { intent: 'nickname', nickname: '新的名字' })
  expect(saved.status).toBe(302)
  expect(saved.headers.get('Location')).toBe('/user/account')
  const page = await (await owner.client.request('/user/account')).text()
  expect(page).toContain('昵称已保存')
  expect(page).toContain('value="新的名字"')
  expect(accountName(await look(owner.client, '/'))).toBe('新的名字')
  // Someone else's start page shows the owner as the first face: the homepage's version moved.
  expect(faces(await look(member.client, `/${code}`))).toContain('新')
  // The owner's header on someone else's page too: the owner's own version moved.
  expect(accountName(await look(owner.client, '/demo'))).toBe('新的名字')
})

test.runIf(databaseUrl !== '')('a guest’s next look at a public homepage without a title shows the new nickname', async () => {
  const owner = await registerAccount(baseUrl, { nickname: '公开的人' })
  const code = `guest${Date.now().toString(36)}`
  const homepageId = (await ok(owner.client.api('/api/site/init-info'))).homepageId
  await ok(post(owner.client, '/api/homepage/add', { homepageId, title: '临时标题', summary: '', icon: 'tabler:home', code }))
  await ok(post(owner.client, '/api/homepage/set-open-status', { homepageId }))
  // No call leaves a title empty once set; the default label (nickname + 的主页) is the starter's.
  const sql = new pg.Client({ connectionString: databaseUrl })
  await sql.connect()
  await sql.query(`update homepages set title = '' where id = $1`, [homepageId])
  await sql.end()
  const guest = createClient(baseUrl)
  expect(brandName(await look(guest, `/${code}`))).toBe('公开的人的主页')
  await postPage(owner.client, '/user/account', { intent: 'nickname', nickname: '改名的人' })
  expect(brandName(await look(guest, `/${code}`))).toBe('改名的人的主页')
})

test('avatar: uploaded through the pipeline, cropped square, shown in the header and the members widget; bad files refused', async () => {
  const owner = await registerAccount(baseUrl, { nickname: '有头像' })
  const code = `face${Date.now().toString(36)}`
  const homepageId = (await ok(owner.client.api('/api/site/init-info'))).homepageId
  await ok(post(owner.client, '/api/homepage/add', { homepageId, title: '头像主页', summary: '', icon: 'tabler:home', code }))
  const link = await ok(post(owner.client, '/api/homepage/invite-code', { homepageId, type: 'generate' }))
  const member = await registerAccount(baseUrl, { nickname: '看头像' })
  await ok(post(member.client, '/api/homepage/join-homepage', { code: link.code, homepageId }))
  await look(member.client, `/${code}`)

  const text = await uploadAvatar(owner.client, avatarForm(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml', 'x.svg'))
  expect(text.status).toBe(400)
  expect(await text.text()).toContain('只能上传 JPG、PNG、WebP、GIF 或 ICO 格式的图片')
  const none = await uploadAvatar(owner.client, avatarForm(Buffer.alloc(0), 'image/png', ''))
  expect(await none.text()).toContain('请选择要上传的图片')
  const huge = await uploadAvatar(owner.client, avatarForm(Buffer.alloc(501 * 1024, 1), 'image/png', 'big.png'))
  expect(huge.status).toBe(400)
  expect(await huge.text()).toContain('头像图片不能超过500KB')

  const saved = await uploadAvatar(owner.client, avatarForm(await jpeg(400, 200), 'image/jpeg', 'me.jpg'))
  expect(saved.status).toBe(302)
  const page = await (await owner.client.request('/user/account')).text()
  expect(page).toContain('头像已更新')
  const src = /<img class="account-avatar" src="(\/uploads\/[0-9a-f]{32}\.jpg)/.exec(page)?.[1]
  expect(src).toBeTruthy()
  const file = await createClient(baseUrl).request(src!)
  const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
  expect([meta.width, meta.height]).toEqual([200, 200])

  expect(await look(owner.client, '/')).toMatch(new RegExp(`<img class="account-face" src="${src}\\?w=\\d+"`))
  expect(faces(await look(member.client, `/${code}`))).toContain(`src="${src}?w=`)
})

test('password change: the current one is required, the rules apply, other sessions end, this one stays (a new token)', async () => {
  const { client, email, password } = await registerAccount(baseUrl)
  const other = await signInAgain(baseUrl, email, password)
  const wrong = await postPage(client, '/user/account', { intent: 'password', current: 'not-it', password: '新的密码甲甲', confirm: '新的密码甲甲' })
  expect(wrong.status).toBe(400)
  const wrongHtml = await wrong.text()
  expect(wrongHtml).toContain('当前密码不正确')
  expect(wrongHtml).not.toContain('value="not-it"')
  const differ = await postPage(client, '/user/account', { intent: 'password', current: password, password: '新的密码甲甲', confirm: '新的密码乙乙' })
  expect(await differ.text()).toContain('两次输入的密码不一致')
  const short = await postPage(client, '/user/account', { intent: 'password', current: password, password: '12345', confirm: '12345' })
  expect(await short.text()).toContain('密码长度不能小于6位')
  expect(await isSignedIn(other)).toBe(true)

  const before = client.jar.get('qy_sid')
  const done = await postPage(client, '/user/account', { intent: 'password', current: password, password: '新的密码甲甲', confirm: '新的密码甲甲' })
  expect(done.status).toBe(302)
  expect(client.jar.get('qy_sid')).not.toBe(before)
  expect(await (await client.request('/user/account')).text()).toContain('密码已修改，其他设备上的登录已退出')
  expect(await isSignedIn(client)).toBe(true)
  expect(await isSignedIn(other)).toBe(false)
  await signInAgain(baseUrl, email, '新的密码甲甲')
})

/** The sessions of /user/online as the page lists them: id (from its form), text, whether current. */
async function sessionsOf(client: Client) {
  const html = await (await client.request('/user/online')).text()
  return [...html.matchAll(/<li class="session-item"([^>]*)>([\s\S]*?)<\/li>/g)].map(([, attrs, body]) => ({
    current: attrs!.includes('aria-current="true"'),
    id: /name="id" value="([0-9a-f]+)"/.exec(body!)?.[1],
    text: body!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
  }))
}

test('/user/online: each session with browser, device, IP and last seen; end one, then all others', async () => {
  const { client, email, password } = await registerAccount(baseUrl)
  const firefox = await signInAgain(baseUrl, email, password, { 'User-Agent': FIREFOX_LINUX })
  const third = await signInAgain(baseUrl, email, password)
  const list = await sessionsOf(client)
  expect(list).toHaveLength(3)
  expect(list[0]).toMatchObject({ current: true, id: undefined })
  expect(list[0]!.text).toContain('当前设备')
  const ff = list.find((s) => s.text.includes('Firefox 133'))!
  expect(ff.text).toContain('Linux')
  expect(ff.text).toContain('电脑')
  expect(ff.text).toMatch(/IP： ?127\.0\.0\.1/)
  expect(ff.text).toMatch(/最近活动： ?\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/)

  const ended = await postPage(client, '/user/online', { intent: 'end', id: ff.id! })
  expect(ended.status).toBe(302)
  expect(await (await client.request('/user/online')).text()).toContain('已退出该设备的登录')
  expect(await isSignedIn(firefox)).toBe(false)
  expect(await isSignedIn(third)).toBe(true)
  expect(await sessionsOf(client)).toHaveLength(2)

  await postPage(client, '/user/online', { intent: 'end-others' })
  expect(await (await client.request('/user/online')).text()).toContain('已退出其他所有设备的登录')
  expect(await isSignedIn(third)).toBe(false)
  expect(await isSignedIn(client)).toBe(true)
  const left = await sessionsOf(client)
  expect(left.map((s) => s.current)).toEqual([true])
})

test('another user’s sessions can be neither listed nor ended, whatever id is posted', async () => {
  const alice = await registerAccount(baseUrl, { nickname: '爱丽丝' })
  const bob = await registerAccount(baseUrl, { nickname: '鲍勃' })
  const bobElsewhere = await signInAgain(baseUrl, bob.email, bob.password, { 'User-Agent': FIREFOX_LINUX })
  const bobIds = (await sessionsOf(bob.client)).map((s) => s.id).filter(Boolean) as string[]
  expect(bobIds).toHaveLength(1)
  // Alice's list has only her own.
  const aliceList = await sessionsOf(alice.client)
  expect(aliceList).toHaveLength(1)
  expect(aliceList.some((s) => s.text.includes('Firefox'))).toBe(false)
  for (const id of [...bobIds, '0'.repeat(24), 'not-an-id', '']) {
    const response = await postPage(alice.client, '/user/online', { intent: 'end', id })
    expect(response.status).toBe(302)
    expect(await (await alice.client.request('/user/online')).text()).toContain('没有找到这个登录，它可能已经退出')
  }
  expect(await isSignedIn(bobElsewhere)).toBe(true)
  expect(await isSignedIn(bob.client)).toBe(true)
  // Her "all others" is hers alone.
  await postPage(alice.client, '/user/online', { intent: 'end-others' })
  expect(await isSignedIn(bobElsewhere)).toBe(true)
})

test('the forms refuse a cross-site post, and a guest’s post changes nothing', async () => {
  const { client } = await registerAccount(baseUrl, { nickname: '不变的名字' })
  for (const [path, form] of [
    ['/user/account', { intent: 'nickname', nickname: '被改了' }],
    ['/user/online', { intent: 'end-others' }],
  ] as const) {
    const response = await client.request(path, { method: 'POST', headers: { Origin: 'https://evil.example' }, form })
    expect(response.status).toBe(403)
    const guest = await postPage(createClient(baseUrl), path, form)
    expect(guest.status).toBe(302)
    expect(guest.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  }
  expect(accountName(await (await client.request('/user/account')).text())).toBe('不变的名字')
})

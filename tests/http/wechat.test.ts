import { randomBytes } from 'node:crypto'
import { expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { isSignedIn, postPage, registerAccount } from './account-helpers.ts'
import { scan, scanEventXml, signedQuery, WECHAT_TEST } from '#tests/sites/wechat-server.ts'

const baseUrl = inject('baseUrl')
type Client = ReturnType<typeof createClient>

const openid = () => `o${randomBytes(12).toString('base64url')}`

/** A browser's new QR code through the contract call; its cookie lands in the client's jar. */
async function qrcode(client: Client, type?: string) {
  const { body, headers } = await client.api(`/api/wx/wx-login-qrcode${type ? `?type=${type}` : ''}`)
  return { body, cookie: headers.get('Set-Cookie') ?? '' }
}
const status = async (client: Client, scene: string) => (await client.api(`/api/wx/login-status?${new URLSearchParams({ scene })}`)).body

test('the guest promo panel offers the QR sign-in first (spec §1), as a link that works without JavaScript', async () => {
  const html = await (await createClient(baseUrl).request('/')).text()
  expect(html).toMatch(/<aside id="promo" class="promo"[\s\S]*href="\/\?dialog=wechat"[^>]*>微信扫码登录<[\s\S]*邮箱登录[\s\S]*<\/aside>/)
  const dialog = await (await createClient(baseUrl).request('/?dialog=wechat')).text()
  // Without JavaScript the dialog leads to the QR page, whose 我已扫码 button does what a poll does.
  expect(dialog).toMatch(/href="\/login\?mode=wechat[^"]*"[^>]*>打开微信扫码登录页面</)
})

test('wx-login-qrcode: ticket, scene and the QR image, with an HttpOnly cookie that binds the scene to this browser', async () => {
  const client = createClient(baseUrl)
  const { body, cookie } = await qrcode(client)
  expect(body).toMatchObject({ code: 1, data: { ticket: expect.any(String), scene: expect.stringMatching(/^[\w-]{22}$/), url: expect.stringContaining('weixin.qq.com/q/') } })
  expect(body.data.qrcode).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(body.data.expireSeconds).toBeGreaterThan(200)
  expect(cookie).toMatch(/^qy_wx=[\w-]{43}; Path=\/; SameSite=Lax; Max-Age=\d+; HttpOnly/)
  expect(await status(client, body.data.scene)).toMatchObject({ code: 1, data: { status: 'waiting', in: false, err: '' } })
  expect((await client.api('/api/wx/wx-login-qrcode?type=other')).body).toMatchObject({ code: 0, msg: '二维码类型不正确' })
  // Binding needs a signed-in user.
  expect((await client.api('/api/wx/wx-login-qrcode?type=bind')).body).toMatchObject({ code: -1 })
})

test('the callback: a forged or unsigned push is refused and changes nothing; WeChat\'s URL check is echoed', async () => {
  const client = createClient(baseUrl)
  const { body } = await qrcode(client)
  const forged = await scan(baseUrl, body.data.scene, openid(), { token: 'not-the-token' })
  expect(forged.status).toBe(403)
  const unsigned = await fetch(`${baseUrl}/api/wx/callback`, { method: 'POST', body: scanEventXml(body.data.scene, openid()) })
  expect(unsigned.status).toBe(403)
  expect(await status(client, body.data.scene)).toMatchObject({ data: { status: 'waiting' } })

  const check = await fetch(`${baseUrl}/api/wx/callback?${signedQuery()}&echostr=hello123`)
  expect(await check.text()).toBe('hello123')
  expect((await fetch(`${baseUrl}/api/wx/callback?${signedQuery('forged')}&echostr=hello123`)).status).toBe(403)
  expect(WECHAT_TEST.token).not.toBe('forged')
})

test('a full scan: register a new account, then sign in by scanning; another browser of the scene learns nothing and is not signed in', async () => {
  const browser = createClient(baseUrl)
  const { body } = await qrcode(browser)
  const scene: string = body.data.scene
  const attacker = createClient(baseUrl)
  await qrcode(attacker) // a cookie of its own, for another scene

  const id = openid()
  expect(await scan(baseUrl, scene, id, { subscribe: true })).toEqual({ status: 200, body: 'success' })
  expect(await status(attacker, scene)).toMatchObject({ code: 1, data: { status: 'expired', in: false } })
  expect(await status(createClient(baseUrl), scene)).toMatchObject({ data: { status: 'expired' } })
  expect(await status(browser, scene)).toMatchObject({ code: 1, data: { status: 'register', in: false } })
  const stolen = await attacker.api('/api/wx/register', { method: 'POST', headers: attacker.sameOrigin, json: { scene } })
  expect(stolen.body).toMatchObject({ code: 0, msg: '二维码已失效' })
  expect(await isSignedIn(attacker)).toBe(false)

  const made = await browser.api('/api/wx/register', { method: 'POST', headers: browser.sameOrigin, json: { scene } })
  expect(made.body).toMatchObject({ code: 1, msg: '注册成功，页面即将刷新', data: { nickname: expect.stringMatching(/^微信用户/) } })
  const info = (await browser.api('/api/site/init-info')).body.data
  expect(info).toMatchObject({ isGuest: false, bindWx: true, txcOpenId: id })
  // Used once.
  expect((await browser.api('/api/wx/register', { method: 'POST', headers: browser.sameOrigin, json: { scene } })).body.code).toBe(0)

  // Later, on a new browser: the same WeChat signs in.
  const later = createClient(baseUrl)
  const next = (await qrcode(later)).body.data.scene as string
  await scan(baseUrl, next, id)
  const peek = await attacker.api(`/api/wx/login-status?scene=${next}`)
  expect(peek.body.data.status).toBe('expired')
  expect(peek.headers.get('Set-Cookie') ?? '').not.toContain('qy_sid')
  const signedIn = await later.api(`/api/wx/login-status?scene=${next}`)
  expect(signedIn.body).toMatchObject({ code: 1, msg: '登录成功', data: { status: 'in', in: true } })
  expect(signedIn.headers.get('Set-Cookie')).toMatch(/qy_sid=/)
  expect((await later.api('/api/site/init-info')).body.data).toMatchObject({ userId: info.userId, bindWx: true })
  expect(await status(later, next)).toMatchObject({ data: { status: 'expired' } })
})

test('register-bind with a wrong password is refused; with the right one the scan is bound to that account', async () => {
  const account = await registerAccount(baseUrl)
  const browser = createClient(baseUrl)
  const scene = (await qrcode(browser)).body.data.scene as string
  await scan(baseUrl, scene, openid())
  const wrong = await browser.api('/api/wx/register', {
    method: 'POST',
    headers: browser.sameOrigin,
    json: { scene, user_email: account.email, user_password: 'wrong password' },
  })
  expect(wrong.body).toMatchObject({ code: 0, msg: '邮箱或密码错误' })
  expect(await isSignedIn(browser)).toBe(false)
  expect(await status(browser, scene)).toMatchObject({ data: { status: 'register' } })
  const bad = await browser.api('/api/wx/register', { method: 'POST', headers: browser.sameOrigin, json: { scene, user_email: 'nope' } })
  expect(bad.body).toMatchObject({ code: 0, msg: '请输入正确的邮箱地址' })

  const right = await browser.api('/api/wx/register', {
    method: 'POST',
    headers: browser.sameOrigin,
    form: { scene, user_email: account.email, user_password: account.password },
  })
  expect(right.body).toMatchObject({ code: 1, msg: '绑定成功，页面即将刷新' })
  expect((await browser.api('/api/site/init-info')).body.data).toMatchObject({ nickname: account.nickname, bindWx: true })
  expect((await account.client.api('/api/site/init-info')).body.data).toMatchObject({ bindWx: true })
})

test('register is POST only and checks the origin; a scene of the wrong shape is simply expired', async () => {
  const client = createClient(baseUrl)
  expect((await client.api('/api/wx/register?scene=x')).status).toBe(405)
  expect(await status(client, 'x'.repeat(200))).toMatchObject({ code: 0, msg: '二维码已失效' })
  expect(await status(client, '../../etc')).toMatchObject({ code: 1, data: { status: 'expired' } })
  const signedIn = await registerAccount(baseUrl)
  const foreign = await signedIn.client.api('/api/wx/register', { method: 'POST', headers: { Origin: 'https://evil.example' }, json: { scene: 'a' } })
  expect(foreign.status).toBe(403)
})

test('the account page binds WeChat without JavaScript (我已扫码), then unbinds it while the e-mail remains a way in', async () => {
  const { client } = await registerAccount(baseUrl)
  const account = await (await client.request('/user/account')).text()
  expect(account).toContain('还没有绑定微信。')
  const page = await (await client.request('/user/account?dialog=bind-wx')).text()
  const scene = /data-scene="([\w-]{22})"/.exec(page)?.[1]
  expect(scene, 'the page shows a binding QR code').toBeTruthy()
  expect(page).toContain('alt="绑定微信的二维码，请用微信扫一扫"')

  const early = await postPage(client, '/user/account?dialog=bind-wx', { intent: 'wx-check' })
  expect(early.status).toBe(302)
  const id = openid()
  await scan(baseUrl, scene!, id)
  // Another signed-in user, even knowing the scene, gets nothing.
  const other = await registerAccount(baseUrl)
  expect(await status(other.client, scene!)).toMatchObject({ data: { status: 'expired' } })

  const bound = await postPage(client, '/user/account?dialog=bind-wx', { intent: 'wx-check' })
  expect(bound.status).toBe(302)
  expect(bound.headers.get('Location')).toBe('/user/account?dialog=bind-wx')
  const after = await (await client.request('/user/account?dialog=bind-wx')).text()
  expect(after).toContain('已绑定微信')
  expect((await client.api('/api/site/init-info')).body.data).toMatchObject({ bindWx: true, txcOpenId: id })
  expect((await other.client.api('/api/site/init-info')).body.data).toMatchObject({ bindWx: false, txcOpenId: '' })

  const unbound = await postPage(client, '/user/account?dialog=bind-wx', { intent: 'unbind-wechat' })
  expect(unbound.status).toBe(302)
  expect((await client.api('/api/site/init-info')).body.data).toMatchObject({ bindWx: false })
})

test('an account made by a scan cannot unbind its only way in', async () => {
  const browser = createClient(baseUrl)
  const scene = (await qrcode(browser)).body.data.scene as string
  await scan(baseUrl, scene, openid())
  expect((await browser.api('/api/wx/register', { method: 'POST', headers: browser.sameOrigin, json: { scene } })).body.code).toBe(1)
  const page = await (await browser.request('/user/account?dialog=bind-wx')).text()
  expect(page).toContain('这是你唯一的登录方式')
  expect(page).not.toContain('>解除绑定<')
  const refused = await postPage(browser, '/user/account?dialog=bind-wx', { intent: 'unbind-wechat' })
  expect(refused.status).toBe(302)
  expect((await browser.api('/api/site/init-info')).body.data).toMatchObject({ bindWx: true })
})

test('without JavaScript, a bound WeChat signs in with 我已扫码 on /login?mode=wechat, going where the sign-in was for', async () => {
  // An account with a WeChat, made through the contract calls.
  const first = createClient(baseUrl)
  const id = openid()
  const firstScene = (await qrcode(first)).body.data.scene as string
  await scan(baseUrl, firstScene, id)
  expect((await first.api('/api/wx/register', { method: 'POST', headers: first.sameOrigin, json: { scene: firstScene } })).body.code).toBe(1)

  const browser = createClient(baseUrl)
  const path = '/login?mode=wechat&redirectTo=%2Fuser%2Faccount'
  const page = await (await browser.request(path)).text()
  const scene = /data-scene="([\w-]{22})"/.exec(page)![1]!
  expect(page).toContain('我已扫码')
  // Shown again, the page keeps its QR code.
  expect(await (await browser.request(path)).text()).toContain(`data-scene="${scene}"`)
  await scan(baseUrl, scene, id)
  // Scanned by a bound WeChat: still the QR code and 我已扫码, not the confirm step.
  const scanned = await (await browser.request(path)).text()
  expect(scanned).toContain('我已扫码')
  expect(scanned).not.toContain('创建新账号')
  const done = await postPage(browser, path, { intent: 'wx-check' })
  expect(done.status).toBe(302)
  expect(done.headers.get('Location')).toBe('/user/account')
  expect(await isSignedIn(browser)).toBe(true)
})

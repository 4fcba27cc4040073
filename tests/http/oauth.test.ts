import { randomInt } from 'node:crypto'
import { expect, inject, test } from 'vitest'
import { type Client, isSignedIn, postPage, registerAccount } from './account-helpers.ts'
import { createClient } from './client.ts'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase, serverUrl } from '#tests/setup/test-db.ts'

const baseUrl = inject('baseUrl')
const oauthPort = inject('oauthPort')

type Provider = 'github' | 'qq' | 'weibo'
const HOSTS: Record<Provider, string> = { github: 'github.com', qq: 'graph.qq.com', weibo: 'api.weibo.com' }

// The messages the pages must show (app/auth/oauth.server.ts, app/services/oauth.server.ts).
const USED = '登录请求已失效或已被使用，请重新登录'
const WRONG_BROWSER = '登录请求无效：它不是从这个浏览器发起的，请重新登录'
const OTHER_PROVIDER = '登录请求与登录方式不符，请重新登录'
const CODE_REFUSED = 'GitHub拒绝了这次授权（授权码无效、已过期或已被使用），请重新登录'
const CANCELLED = '你已取消授权，未能登录'
const TAKEN = '该GitHub账号已绑定其他起页账号，不能再绑定到当前账号'
const LAST_WAY_IN = '这是你唯一的登录方式，请先设置密码或绑定其他账号后再解绑'

/** A provider account id no other test uses. */
const newUid = () => String(randomInt(1_000_000, 2_000_000_000))

/** Opens `/oauth/{provider}` and returns the provider's authorize URL it redirects to. */
async function begin(client: Client, provider: Provider, query = '') {
  const response = await client.request(`/oauth/${provider}${query}`)
  expect(response.status).toBe(302)
  const location = response.headers.get('Location')!
  expect(location.startsWith(`http://127.0.0.1:${oauthPort}/${HOSTS[provider]}/`)).toBe(true)
  const params = new URL(location).searchParams
  expect(params.get('code_challenge_method')).toBe('S256')
  expect(params.get('redirect_uri')).toBe(`${baseUrl}/oauth/${provider}/callback`)
  return location
}

/** The person approves (or denies) on the provider's authorize page; returns our callback's path. */
async function approve(authorizeUrl: string, user: { uid: string; name?: string }, decision = 'allow') {
  const url = new URL(authorizeUrl)
  expect((await fetch(url)).status).toBe(200)
  const form = new URLSearchParams(url.searchParams)
  form.set('uid', user.uid)
  form.set('name', user.name ?? '社交用户')
  form.set('decision', decision)
  const response = await fetch(new URL(url.pathname, url), { method: 'POST', body: form, redirect: 'manual' })
  expect(response.status).toBe(302)
  const back = new URL(response.headers.get('Location')!)
  expect(back.origin).toBe(baseUrl)
  return `${back.pathname}${back.search}`
}

/** A whole sign-in through the provider; returns our callback's answer. */
async function socialSignIn(client: Client, provider: Provider, user: { uid: string; name?: string }, query = '') {
  const callback = await approve(await begin(client, provider, query), user)
  return client.request(callback)
}

async function initInfo(client: Client) {
  return (await client.api('/api/site/init-info')).body.data as { isGuest: boolean; userId: number; nickname: string; homepageId: number }
}

/** A refusal: a 400 page saying why, a way back, the state cookie gone and no session. */
async function expectRefusal(client: Client, response: Response, message: string) {
  expect(response.status).toBe(400)
  const html = await response.text()
  expect(html).toContain(message)
  expect(html).toContain('href="/login"')
  expect(client.jar.has('qy_oauth')).toBe(false)
  expect(await isSignedIn(client)).toBe(false)
}

test('a new GitHub identity makes an account (name trimmed to 20, no e-mail, a first homepage); the next sign-in finds it by id', async () => {
  const uid = newUid()
  const longName = '一二三四五六七八九十甲乙丙丁戊己庚辛壬癸子丑寅卯'
  const client = createClient(baseUrl)
  const done = await socialSignIn(client, 'github', { uid, name: longName })
  expect(done.status).toBe(302)
  // A first sign-in made the account: it chooses how its homepage starts.
  expect(done.headers.get('Location')).toBe('/welcome')
  expect(client.jar.has('qy_oauth')).toBe(false)
  const me = await initInfo(client)
  expect(me.isGuest).toBe(false)
  expect(me.nickname).toBe([...longName].slice(0, 20).join(''))
  expect(me.homepageId).toBeGreaterThan(0)
  expect(await (await client.request('/')).text()).toContain('注册成功，页面即将刷新')

  // Another browser, the same GitHub account (even renamed there): the same user, signed in.
  const again = createClient(baseUrl)
  expect((await socialSignIn(again, 'github', { uid, name: '改了名字' })).status).toBe(302)
  expect((await initInfo(again)).userId).toBe(me.userId)
})

test('QQ (openid by its own call) and Weibo (uid with the token) sign up and sign in by their stable ids', async () => {
  for (const provider of ['qq', 'weibo'] as const) {
    const uid = newUid()
    const first = createClient(baseUrl)
    expect((await socialSignIn(first, provider, { uid, name: `${provider}的用户` })).status).toBe(302)
    const me = await initInfo(first)
    expect(me.nickname).toBe(`${provider}的用户`)
    const second = createClient(baseUrl)
    expect((await socialSignIn(second, provider, { uid, name: '别的名字' })).status).toBe(302)
    expect((await initInfo(second)).userId).toBe(me.userId)
    // The same number at the other provider is another person.
    const other = createClient(baseUrl)
    await socialSignIn(other, provider === 'qq' ? 'weibo' : 'qq', { uid })
    expect((await initInfo(other)).userId).not.toBe(me.userId)
  }
})

test('a replayed state is refused, even with the cookie it was issued with', async () => {
  const client = createClient(baseUrl)
  const callback = await approve(await begin(client, 'github'), { uid: newUid() })
  const cookie = client.jar.get('qy_oauth')!
  expect((await client.request(callback)).status).toBe(302)

  const replay = createClient(baseUrl)
  replay.jar.set('qy_oauth', cookie)
  await expectRefusal(replay, await replay.request(callback), USED)
})

test('a code used twice is refused by the provider, and the page says so in Chinese (no 500)', async () => {
  const client = createClient(baseUrl)
  const callback = await approve(await begin(client, 'github'), { uid: newUid() })
  expect((await client.request(callback)).status).toBe(302)
  const usedCode = new URL(callback, baseUrl).searchParams.get('code')!

  // A fresh, valid state of this browser, carrying the code already spent.
  const attacker = createClient(baseUrl)
  const fresh = await approve(await begin(attacker, 'github'), { uid: newUid() })
  const state = new URL(fresh, baseUrl).searchParams.get('state')!
  await expectRefusal(attacker, await attacker.request(`/oauth/github/callback?${new URLSearchParams({ code: usedCode, state })}`), CODE_REFUSED)
})

test('a state from another browser is refused, and the browser that began it can still finish', async () => {
  const owner = createClient(baseUrl)
  const callback = await approve(await begin(owner, 'github'), { uid: newUid() })
  const stranger = createClient(baseUrl)
  await expectRefusal(stranger, await stranger.request(callback), WRONG_BROWSER)
  // A stranger with a sign-in of its own under way: still not its state.
  await begin(stranger, 'github')
  await expectRefusal(stranger, await stranger.request(callback), WRONG_BROWSER)
  expect((await owner.request(callback)).status).toBe(302)
  expect(await isSignedIn(owner)).toBe(true)
})

test('a state minted for another provider is refused (and used up)', async () => {
  const client = createClient(baseUrl)
  const callback = await approve(await begin(client, 'github'), { uid: newUid() })
  const cookie = client.jar.get('qy_oauth')!
  const asQq = callback.replace('/oauth/github/callback', '/oauth/qq/callback')
  await expectRefusal(client, await client.request(asQq), OTHER_PROVIDER)
  client.jar.set('qy_oauth', cookie)
  await expectRefusal(client, await client.request(callback), USED)
})

test('denied at the provider, or a callback with no state: a clear page, no session', async () => {
  const client = createClient(baseUrl)
  const denied = await approve(await begin(client, 'weibo'), { uid: newUid() }, 'deny')
  await expectRefusal(client, await client.request(denied), CANCELLED)
  const bare = createClient(baseUrl)
  await expectRefusal(bare, await bare.request('/oauth/github/callback?code=abc&state=made-up'), WRONG_BROWSER)
})

test('signed in, the same route links the identity to the current account; a later GitHub sign-in reaches it', async () => {
  const { client } = await registerAccount(baseUrl, { nickname: '邮箱用户' })
  const me = await initInfo(client)
  const uid = newUid()
  const done = await socialSignIn(client, 'github', { uid, name: '我的GitHub' })
  expect(done.status).toBe(302)
  expect(done.headers.get('Location')).toBe('/user/account')
  const account = await (await client.request('/user/account')).text()
  expect(account).toContain('已绑定GitHub账号')
  expect(account).toContain('GitHub：我的GitHub')
  expect(account).toContain('解绑GitHub')
  expect(account).not.toContain('绑定GitHub</a>')

  const guest = createClient(baseUrl)
  expect((await socialSignIn(guest, 'github', { uid })).status).toBe(302)
  expect((await initInfo(guest)).userId).toBe(me.userId)
})

test('an identity already linked to another user is refused, and nothing is linked', async () => {
  const uid = newUid()
  const owner = createClient(baseUrl)
  await socialSignIn(owner, 'github', { uid })
  const ownerId = (await initInfo(owner)).userId

  const { client } = await registerAccount(baseUrl)
  const response = await socialSignIn(client, 'github', { uid })
  expect(response.status).toBe(400)
  expect(await response.text()).toContain(TAKEN)
  expect(await isSignedIn(client)).toBe(true)
  expect(await (await client.request('/user/account')).text()).toContain('还没有绑定第三方账号')
  const guest = createClient(baseUrl)
  await socialSignIn(guest, 'github', { uid })
  expect((await initInfo(guest)).userId).toBe(ownerId)
})

test('an account made by a social sign-in sets its first password without a current one; then it needs the current one', async () => {
  const social = createClient(baseUrl)
  await socialSignIn(social, 'github', { uid: newUid() })
  const page = await (await social.request('/user/account')).text()
  expect(page).toContain('设置密码')
  expect(page).not.toContain('当前密码')
  const set = await postPage(social, '/user/account', { intent: 'password', password: '我的第一个密码', confirm: '我的第一个密码' })
  expect(set.status).toBe(302)
  const after = await (await social.request('/user/account')).text()
  expect(after).toContain('修改密码')
  expect(after).toContain('当前密码')
  // Now the current password is asked for: without it, nothing changes.
  const refused = await postPage(social, '/user/account', { intent: 'password', password: '我的第二个密码', confirm: '我的第二个密码' })
  expect(refused.status).toBe(400)
  expect(await refused.text()).toContain('请输入当前密码')
})

test('unlink: refused for the last way in, allowed while a password or another identity remains', async () => {
  const unlink = (client: Client, provider: Provider) => postPage(client, '/user/account', { intent: 'unlink', provider })
  const uid = newUid()
  const social = createClient(baseUrl)
  await socialSignIn(social, 'github', { uid })
  const id = (await initInfo(social)).userId

  expect((await unlink(social, 'github')).status).toBe(302)
  expect(await (await social.request('/user/account')).text()).toContain(LAST_WAY_IN)
  // Still linked: GitHub still signs in to it.
  const check = createClient(baseUrl)
  await socialSignIn(check, 'github', { uid })
  expect((await initInfo(check)).userId).toBe(id)

  // With Weibo linked too, GitHub can go; then Weibo is the last.
  await socialSignIn(social, 'weibo', { uid: newUid() })
  await unlink(social, 'github')
  expect(await (await social.request('/user/account')).text()).toContain('已解绑GitHub账号')
  await unlink(social, 'weibo')
  expect(await (await social.request('/user/account')).text()).toContain(LAST_WAY_IN)
  const fresh = createClient(baseUrl)
  await socialSignIn(fresh, 'github', { uid })
  expect((await initInfo(fresh)).userId).not.toBe(id)

  // An e-mail account keeps its password: its only identity may go.
  const { client } = await registerAccount(baseUrl)
  await socialSignIn(client, 'qq', { uid: newUid() })
  await unlink(client, 'qq')
  expect(await (await client.request('/user/account')).text()).toContain('已解绑QQ账号')
  // Unlinking needs a same-origin POST.
  const foreign = await client.request('/user/account', { method: 'POST', headers: { Origin: 'https://evil.example' }, form: { intent: 'unlink', provider: 'qq' } })
  expect(foreign.status).toBe(403)
})

test('the return path is ours only: an open redirect falls back to /', async () => {
  for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    const client = createClient(baseUrl)
    const done = await socialSignIn(client, 'github', { uid: newUid() }, `?${new URLSearchParams({ redirectTo: target })}`)
    expect(done.headers.get('Location')).toBe('/welcome')
  }
  const client = createClient(baseUrl)
  const done = await socialSignIn(client, 'github', { uid: newUid() }, `?${new URLSearchParams({ redirectTo: '/user/trash?page=2' })}`)
  expect(done.headers.get('Location')).toBe(`/welcome?redirectTo=${encodeURIComponent('/user/trash?page=2')}`)
})

test('the buttons are plain links on the login page, the dialog and the promo panel', async () => {
  const client = createClient(baseUrl)
  const login = await (await client.request('/login?redirectTo=%2Fuser%2Ftrash')).text()
  for (const provider of ['qq', 'weibo', 'github']) expect(login).toContain(`href="/oauth/${provider}?redirectTo=%2Fuser%2Ftrash"`)
  const dialog = await (await client.request('/?dialog=login')).text()
  expect(dialog).toContain('href="/oauth/github?redirectTo=%2F"')
  expect(dialog).toMatch(/<aside id="promo" class="promo"[\s\S]*href="\/oauth\/weibo\?redirectTo=%2F%3Fdialog%3Dlogin"[\s\S]*<\/aside>/)
})

test('a server without a provider\'s id and secret shows no button for it and no route', async () => {
  const database = serverUrl ? await createServerDatabase(serverUrl) : null
  const server = await startServer({
    // GitHub half configured (no secret), QQ and Weibo not at all.
    GITHUB_CLIENT_ID: 'only-an-id',
    GITHUB_CLIENT_SECRET: '',
    QQ_CLIENT_ID: '',
    QQ_CLIENT_SECRET: '',
    WEIBO_CLIENT_ID: '',
    WEIBO_CLIENT_SECRET: '',
    UPLOAD_DIR: freshDataDir(),
    SECRET_FILE: `${freshDataDir()}/app-secret`,
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DIR: freshDataDir() }),
  })
  try {
    const client = createClient(server.url)
    for (const path of ['/login', '/?dialog=login', '/']) expect(await (await client.request(path)).text()).not.toContain('/oauth/')
    for (const provider of ['github', 'qq', 'weibo']) {
      expect((await client.request(`/oauth/${provider}`)).status).toBe(404)
      expect((await client.request(`/oauth/${provider}/callback?code=x&state=y`)).status).toBe(404)
    }
  } finally {
    await server.stop()
    await database?.drop()
  }
}, 90_000)

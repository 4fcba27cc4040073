import { count, eq } from 'drizzle-orm'
import { LAST_WAY_IN } from './ways-in.server.ts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homepages, oauthStates, userIdentities, users } from '#app/db/schema/index.ts'
import { createUser, uniqueIp } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { type OAuthProviderServer, startOAuthProvider } from '#tests/sites/oauth-provider.ts'
import {
  deleteExpiredOAuthStates,
  identityTaken,
  linkIdentity,
  listIdentities,
  nicknameFrom,
  OAUTH_STATE_OTHER_PROVIDER,
  OAUTH_STATE_USED,
  otherIdentityLinked,
  saveOAuthState,
  signInWithIdentity,
  takeOAuthState,
  unlinkIdentity,
} from './oauth.server.ts'

const db = useTestDb()
let provider: OAuthProviderServer

beforeAll(async () => {
  provider = await startOAuthProvider()
  // Read once by env(): the strategy's endpoints are the fake's (the production code path otherwise).
  Object.assign(process.env, provider.env, { APP_ORIGIN: 'http://qiye.test' })
})
afterAll(() => provider.close())

let seq = 0
const profile = (p: string, name = '社交用户') => ({ provider: p, providerUserId: `id-${Date.now()}-${++seq}`, displayName: name })

async function save(state: string, p = 'github', minutes = 10) {
  await saveOAuthState(db(), { provider: p, state, codeVerifier: 'v', redirectTo: '/', linkUserId: null, minutes })
}

test('a state works once, for its own provider, until it expires; only its hash is stored', async () => {
  await save('state-once')
  const [row] = await db().select().from(oauthStates)
  expect(row!.stateHash).not.toContain('state-once')
  expect((await takeOAuthState(db(), 'github', 'state-once')).codeVerifier).toBe('v')
  await expect(takeOAuthState(db(), 'github', 'state-once')).rejects.toThrow(OAUTH_STATE_USED)

  await save('state-github')
  await expect(takeOAuthState(db(), 'qq', 'state-github')).rejects.toThrow(OAUTH_STATE_OTHER_PROVIDER)
  await expect(takeOAuthState(db(), 'github', 'state-github')).rejects.toThrow(OAUTH_STATE_USED)

  await save('state-old', 'github', -1)
  await expect(takeOAuthState(db(), 'github', 'state-old')).rejects.toThrow(OAUTH_STATE_USED)
  await save('state-stale', 'github', -1)
  await deleteExpiredOAuthStates(db())
  expect(await db().select().from(oauthStates)).toEqual([])
})

test('two callbacks with one state at once: exactly one gets it', async () => {
  await save('state-race')
  const results = await Promise.allSettled([takeOAuthState(db(), 'github', 'state-race'), takeOAuthState(db(), 'github', 'state-race')])
  expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
})

test('nicknames: plain text, at most 20 characters, never empty', () => {
  expect(nicknameFrom({ provider: 'github', providerUserId: '1', displayName: '  \u202Eabc\u0000  ' })).toBe('abc')
  expect(nicknameFrom({ provider: 'weibo', providerUserId: '1', displayName: '😀'.repeat(25) })).toBe('😀'.repeat(20))
  expect(nicknameFrom({ provider: 'qq', providerUserId: '1', displayName: '   ' })).toBe('QQ用户')
})

test('a new identity makes one account with no e-mail or password and a first homepage; two at once make one', async () => {
  const p = profile('github', '新来的')
  const [a, b] = await Promise.all([signInWithIdentity(db(), p, uniqueIp()), signInWithIdentity(db(), p, uniqueIp())])
  expect(a.user.id).toBe(b.user.id)
  expect([a.created, b.created].filter(Boolean)).toHaveLength(1)
  expect(a.user).toMatchObject({ nickname: '新来的', email: null, passwordHash: null })
  const [pages] = await db().select({ n: count() }).from(homepages).where(eq(homepages.userId, a.user.id))
  expect(pages!.n).toBe(1)
  const [made] = await db().select({ n: count() }).from(users).where(eq(users.nickname, '新来的'))
  expect(made!.n).toBe(1)
  const again = await signInWithIdentity(db(), { ...p, displayName: '改名了' }, uniqueIp())
  expect(again).toMatchObject({ created: false, user: { id: a.user.id } })
})

test('linking: by the provider id only; refused when another user has it, or when this provider is linked already', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  const mine = profile('github', user.email)
  expect(await linkIdentity(db(), user, mine)).toBe('已绑定GitHub账号')
  expect(await linkIdentity(db(), user, mine)).toBe('已绑定GitHub账号')
  await expect(linkIdentity(db(), other, mine)).rejects.toThrow(identityTaken('GitHub'))
  await expect(linkIdentity(db(), user, profile('github'))).rejects.toThrow(otherIdentityLinked('GitHub'))
  expect((await listIdentities(db(), user.id)).map((i) => i.provider)).toEqual(['github'])
  expect(await listIdentities(db(), other.id)).toEqual([])
  // A profile naming the user's e-mail is not the user: it makes its own account.
  const stranger = await signInWithIdentity(db(), profile('qq', user.email), uniqueIp())
  expect(stranger.user.id).not.toBe(user.id)
})

test('unlinking keeps at least one way in, also when two unlinks race', async () => {
  const { user: social } = await signInWithIdentity(db(), profile('github'), uniqueIp())
  await expect(unlinkIdentity(db(), social, 'github')).rejects.toThrow(LAST_WAY_IN)
  await linkIdentity(db(), social, profile('weibo'))
  const results = await Promise.allSettled([unlinkIdentity(db(), social, 'github'), unlinkIdentity(db(), social, 'weibo')])
  expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
  const [left] = await db().select({ n: count() }).from(userIdentities).where(eq(userIdentities.userId, social.id))
  expect(left!.n).toBe(1)

  const { user } = await createUser(db())
  await linkIdentity(db(), user, profile('qq'))
  expect(await unlinkIdentity(db(), user, 'qq')).toBe('已解绑QQ账号')
  await expect(unlinkIdentity(db(), user, 'qq')).rejects.toThrow('没有绑定这个账号')
})

/** The strategy against the local provider: start, approve, callback; returns the profile. */
async function runFlow(p: 'github' | 'qq' | 'weibo', uid: string, tamper?: (callback: URL) => Promise<void> | void) {
  const { authenticateWithProvider } = await import('#app/auth/oauth.server.ts')
  const start = await authenticateWithProvider({ db: db(), clientIp: uniqueIp() }, p, new Request(`http://qiye.test/oauth/${p}`), { redirectTo: '/x', linkUserId: null }).catch((r: unknown) => r)
  if (!(start instanceof Response)) throw start
  const cookie = start.headers.get('Set-Cookie')!.split(';')[0]!
  const authorize = new URL(start.headers.get('Location')!)
  const form = new URLSearchParams(authorize.searchParams)
  form.set('uid', uid)
  form.set('name', `${p}名字`)
  form.set('decision', 'allow')
  const back = await fetch(new URL(authorize.pathname, authorize), { method: 'POST', body: form, redirect: 'manual' })
  const callback = new URL(back.headers.get('Location')!)
  await tamper?.(callback)
  return authenticateWithProvider({ db: db(), clientIp: uniqueIp() }, p, new Request(callback, { headers: { Cookie: cookie } }), { redirectTo: '/', linkUserId: null })
}

test('each provider\'s shape: the stable id (GitHub id, QQ openid, Weibo uid) and name come back; the flow keeps its return path', async () => {
  const github = await runFlow('github', '4242')
  expect(github.profile).toEqual({ provider: 'github', providerUserId: '4242', displayName: 'github名字' })
  expect(github.flow.redirectTo).toBe('/x')
  expect((await runFlow('qq', '77')).profile).toEqual({ provider: 'qq', providerUserId: 'QQOPENID77', displayName: 'qq名字' })
  expect((await runFlow('weibo', '88')).profile).toEqual({ provider: 'weibo', providerUserId: '88', displayName: 'weibo名字' })
})

test('the provider refuses a code without its PKCE verifier, or one made for another app, and we say so', async () => {
  const before = provider.tokenRequests().length
  // A code the provider never issued (as a forged callback would carry).
  await expect(runFlow('weibo', '1', (url) => url.searchParams.set('code', 'forged'))).rejects.toThrow('微博拒绝了这次授权')
  await expect(runFlow('qq', '1', (url) => url.searchParams.set('code', 'forged'))).rejects.toThrow('QQ拒绝了这次授权')
  // A real code, but the verifier we send is not the one its challenge was made from.
  const wrongVerifier = () => db().update(oauthStates).set({ codeVerifier: 'x'.repeat(43) }).then(() => undefined)
  await expect(runFlow('github', '1', wrongVerifier)).rejects.toThrow('GitHub拒绝了这次授权')
  expect(provider.tokenRequests().slice(before).map((r) => r.reason)).toEqual(['unknown or used code', 'unknown or used code', 'bad PKCE verifier'])
})

test('starts are limited per IP (each one stores a state row)', async () => {
  const { authenticateWithProvider, OAUTH_TOO_MANY } = await import('#app/auth/oauth.server.ts')
  const ip = uniqueIp()
  const start = () =>
    authenticateWithProvider({ db: db(), clientIp: ip }, 'github', new Request('http://qiye.test/oauth/github'), { redirectTo: '/', linkUserId: null }).catch((r: unknown) => r)
  for (let i = 0; i < 60; i++) expect(await start()).toBeInstanceOf(Response)
  const refused = await start()
  expect(refused).toBeInstanceOf(Error)
  expect((refused as Error).message).toBe(OAUTH_TOO_MANY)
})

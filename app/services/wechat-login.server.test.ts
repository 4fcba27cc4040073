import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { unlinkIdentity } from './oauth.server.ts'
import { LAST_WAY_IN } from './ways-in.server.ts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { userIdentities, users, wechatLogins } from '#app/db/schema/index.ts'
import { checkSignature, officialAccount, readPushXml, scanEventOf, type WechatApi } from '#app/wechat/official-account.server.ts'
import { createUser, uniqueIp } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { scanEventXml, signedQuery, startWechat, WECHAT_TEST, type WechatServer } from '#tests/sites/wechat-server.ts'
import { WRONG_CREDENTIALS } from './account.server.ts'
import {
  ACCOUNT_HAS_WECHAT,
  completeWechatRegister,
  createWechatQr,
  pollWechatQr,
  QR_EXPIRED,
  recordScan,
  WECHAT_OFF,
  WECHAT_TAKEN,
  wechatIdentity,
  WECHAT_PROVIDER,
} from './wechat-login.server.ts'

const db = useTestDb()
let fake: WechatServer
let api: WechatApi

beforeAll(async () => {
  fake = await startWechat()
  api = officialAccount({ appId: WECHAT_TEST.appId, secret: WECHAT_TEST.secret, token: WECHAT_TEST.token, apiUrl: `http://127.0.0.1:${fake.port}` })
})
afterAll(() => fake.close())

const openid = () => `o${randomBytes(12).toString('base64url')}`
const newQr = (type: 'login' | 'bind' = 'login', user: Parameters<typeof createWechatQr>[2]['user'] = null) =>
  createWechatQr(db(), api, { type, user, ip: uniqueIp() })
const poll = (scene: string, secret: string | undefined, user: Parameters<typeof pollWechatQr>[1]['user'] = null) =>
  pollWechatQr(db(), { scene, secret, user, ip: uniqueIp() })
const counts = async () => ({
  users: (await db().select({ n: count() }).from(users))[0]!.n,
  identities: (await db().select({ n: count() }).from(userIdentities))[0]!.n,
})

test('a QR code is made by WeChat for a fresh scene; the access token is fetched once and kept', async () => {
  const before = fake.tokensIssued()
  const a = await newQr()
  const b = await newQr()
  expect(fake.qrcodes().map((q) => q.scene)).toEqual(expect.arrayContaining([a.scene, b.scene]))
  expect(a.scene).not.toBe(b.scene)
  expect(a.url).toContain(a.ticket)
  expect(fake.tokensIssued() - before).toBeLessThanOrEqual(1)
  // Only the secret's hash is stored.
  const [row] = await db().select().from(wechatLogins).where(eq(wechatLogins.scene, a.scene))
  expect(row!.browserHash).not.toContain(a.secret)
  expect(await poll(a.scene, a.secret)).toEqual({ status: 'waiting' })
})

test('not configured: no QR code', async () => {
  await expect(createWechatQr(db(), null, { type: 'login', user: null, ip: uniqueIp() })).rejects.toThrow(WECHAT_OFF)
})

test('a scan by an unknown openid asks the requesting browser to register; another browser learns nothing', async () => {
  const qr = await newQr()
  expect(await recordScan(db(), { scene: qr.scene, openid: openid() })).toBe(true)
  const otherBrowser = await newQr()
  expect(await poll(qr.scene, otherBrowser.secret)).toEqual({ status: 'expired' })
  expect(await poll(qr.scene, undefined)).toEqual({ status: 'expired' })
  expect(await poll(qr.scene, qr.secret)).toEqual({ status: 'register' })
  // A second scan (another phone) does not take the scene over.
  expect(await recordScan(db(), { scene: qr.scene, openid: openid() })).toBe(false)
})

test('register: a new account with the WeChat identity; the QR code is used up', async () => {
  const qr = await newQr()
  const id = openid()
  await recordScan(db(), { scene: qr.scene, openid: id })
  // Another browser cannot finish it.
  const other = await newQr()
  await expect(completeWechatRegister(db(), { scene: qr.scene, secret: other.secret, ip: uniqueIp() })).rejects.toThrow(QR_EXPIRED)
  const user = await completeWechatRegister(db(), { scene: qr.scene, secret: qr.secret, ip: uniqueIp() })
  expect(user.email).toBeNull()
  expect(user.nickname).toMatch(/^微信用户/)
  expect(user.currentHomepageId).toBeGreaterThan(0)
  expect(await wechatIdentity(db(), user.id)).toMatchObject({ openid: id })
  await expect(completeWechatRegister(db(), { scene: qr.scene, secret: qr.secret, ip: uniqueIp() })).rejects.toThrow(QR_EXPIRED)
  expect(await poll(qr.scene, qr.secret)).toEqual({ status: 'expired' })

  // The next scan by that openid signs in, once, and only the browser that asked.
  const next = await newQr()
  await recordScan(db(), { scene: next.scene, openid: id })
  const stranger = await newQr()
  expect(await poll(next.scene, stranger.secret)).toEqual({ status: 'expired' })
  expect(await poll(next.scene, next.secret)).toEqual({ status: 'in', userId: user.id, signIn: true })
  expect(await poll(next.scene, next.secret)).toEqual({ status: 'expired' })
})

test('register-bind: a wrong password is refused and writes nothing; the right one binds the existing account', async () => {
  const { user, password } = await createUser(db())
  const qr = await newQr()
  const id = openid()
  await recordScan(db(), { scene: qr.scene, openid: id })
  const before = await counts()
  await expect(
    completeWechatRegister(db(), { scene: qr.scene, secret: qr.secret, ip: uniqueIp(), bind: { email: user.email, password: 'wrong password' } }),
  ).rejects.toThrow(WRONG_CREDENTIALS)
  expect(await counts()).toEqual(before)
  expect(await poll(qr.scene, qr.secret)).toEqual({ status: 'register' })
  const bound = await completeWechatRegister(db(), { scene: qr.scene, secret: qr.secret, ip: uniqueIp(), bind: { email: user.email, password } })
  expect(bound.id).toBe(user.id)
  expect(await counts()).toEqual({ users: before.users, identities: before.identities + 1 })
  expect(await wechatIdentity(db(), user.id)).toMatchObject({ openid: id })

  // That account already has a WeChat: binding a second one is refused, nothing written.
  const again = await newQr()
  await recordScan(db(), { scene: again.scene, openid: openid() })
  await expect(
    completeWechatRegister(db(), { scene: again.scene, secret: again.secret, ip: uniqueIp(), bind: { email: user.email, password } }),
  ).rejects.toThrow(ACCOUNT_HAS_WECHAT)
  expect(await counts()).toEqual({ users: before.users, identities: before.identities + 1 })
})

test('expiry: an old QR code can be neither scanned nor polled', async () => {
  const qr = await newQr()
  await db().update(wechatLogins).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(wechatLogins.scene, qr.scene))
  expect(await recordScan(db(), { scene: qr.scene, openid: openid() })).toBe(false)
  expect(await poll(qr.scene, qr.secret)).toEqual({ status: 'expired' })
  // Scanned in time, then the confirm window passed.
  const late = await newQr()
  await recordScan(db(), { scene: late.scene, openid: openid() })
  await db().update(wechatLogins).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(wechatLogins.scene, late.scene))
  await expect(completeWechatRegister(db(), { scene: late.scene, secret: late.secret, ip: uniqueIp() })).rejects.toThrow(QR_EXPIRED)
})

test('bind from the account page: only the signed-in user who asked; an openid of another account is refused', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  const qr = await newQr('bind', user)
  const id = openid()
  await recordScan(db(), { scene: qr.scene, openid: id })
  expect(await poll(qr.scene, qr.secret, other)).toEqual({ status: 'expired' })
  expect(await poll(qr.scene, qr.secret, null)).toEqual({ status: 'expired' })
  expect(await poll(qr.scene, qr.secret, user)).toEqual({ status: 'in', userId: user.id, signIn: false })
  expect(await wechatIdentity(db(), user.id)).toMatchObject({ openid: id })

  const qr2 = await newQr('bind', other)
  await recordScan(db(), { scene: qr2.scene, openid: id })
  expect(await poll(qr2.scene, qr2.secret, other)).toEqual({ status: 'failed', err: WECHAT_TAKEN })
  expect(await wechatIdentity(db(), other.id)).toBeNull()
})

test('unbind: only while another way in remains', async () => {
  const { user } = await createUser(db())
  const qr = await newQr('bind', user)
  await recordScan(db(), { scene: qr.scene, openid: openid() })
  await poll(qr.scene, qr.secret, user)
  await unlinkIdentity(db(), user, WECHAT_PROVIDER)
  expect(await wechatIdentity(db(), user.id)).toBeNull()

  // An account made by a scan has no other way in.
  const scan = await newQr()
  await recordScan(db(), { scene: scan.scene, openid: openid() })
  const made = await completeWechatRegister(db(), { scene: scan.scene, secret: scan.secret, ip: uniqueIp() })
  await expect(unlinkIdentity(db(), made, WECHAT_PROVIDER)).rejects.toThrow(LAST_WAY_IN)
  expect(await wechatIdentity(db(), made.id)).not.toBeNull()
})

test('push: signature, freshness and the two scan events', () => {
  const good = signedQuery()
  expect(checkSignature(WECHAT_TEST.token, good)).toBe(true)
  expect(checkSignature(WECHAT_TEST.token, signedQuery('forged-token'))).toBe(false)
  const stale = signedQuery(WECHAT_TEST.token, String(Math.floor(Date.now() / 1000) - 3600))
  expect(checkSignature(WECHAT_TEST.token, stale)).toBe(false)
  const tampered = new URLSearchParams(good)
  tampered.set('nonce', 'other')
  expect(checkSignature(WECHAT_TEST.token, tampered)).toBe(false)

  expect(scanEventOf(readPushXml(scanEventXml('abc', 'o1')))).toEqual({ scene: 'abc', openid: 'o1' })
  expect(scanEventOf(readPushXml(scanEventXml('abc', 'o1', { subscribe: true })))).toEqual({ scene: 'abc', openid: 'o1' })
  expect(scanEventOf(readPushXml('<xml><MsgType><![CDATA[text]]></MsgType><FromUserName>o1</FromUserName></xml>'))).toBeNull()
  expect(scanEventOf(readPushXml('<xml><MsgType>event</MsgType><Event>subscribe</Event><FromUserName>o1</FromUserName><EventKey></EventKey></xml>'))).toBeNull()
})

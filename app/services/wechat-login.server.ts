import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { hashToken } from '#app/auth/session.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { userIdentities, wechatLogins, type User, type WechatLogin } from '#app/db/schema/index.ts'
import { LoginSchema } from '#app/schemas/auth.ts'
import { QR_EXPIRED } from '#app/schemas/wechat.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { DomainError, isUniqueViolation, NotSignedInError } from '#app/utils/errors.ts'
import { type WechatApi, WechatApiError, type ScanEvent } from '#app/wechat/official-account.server.ts'
import { createAccount, signIn, TOO_MANY_REGISTRATIONS } from './account.server.ts'

/*
 * WeChat QR sign-in and binding (spec §3 messaging-app scan, §4 login dialog, §7 /api/wx/*).
 * The scene is a bearer token, so (SECURITY.md §2.8): it belongs to the browser that asked for it
 * (a cookie secret; the row keeps its SHA-256), it is used once (the row is deleted by the use),
 * and it expires. Another browser that knows the scene learns only "expired".
 */

export const WECHAT_PROVIDER = 'wechat'
export { QR_EXPIRED }
export const WECHAT_OFF = '微信登录暂未开放'
export const WECHAT_API_FAILED = '获取微信二维码失败，请稍后再试'
export const TOO_MANY_QR = '获取二维码过于频繁，请稍后再试'
export const TOO_MANY_POLLS = '操作过于频繁，请稍后再试'
export const WECHAT_TAKEN = '该微信已绑定其他账号'
export const ACCOUNT_HAS_WECHAT = '该账号已绑定其他微信，请先解除绑定'
export const WECHAT_BOUND = '微信绑定成功'

export type QrType = 'login' | 'bind'
/** How long a QR code can be scanned (SECURITY.md §2.8: at most 5 minutes). */
export const QR_SECONDS = 300
/** After the scan, how long the browser has to finish (the confirm step: bind or create an account). */
export const CONFIRM_SECONDS = 600

const SECRET = /^[\w-]{43}$/
/** Our scenes: 128 random bits, base64url (WeChat allows up to 64 characters). */
const SCENE = /^[\w-]{22}$/
export const isScene = (value: unknown): value is string => typeof value === 'string' && SCENE.test(value)

export type NewQr = { scene: string; ticket: string; url: string; expiresAt: Date; secret: string }

/**
 * A new QR code for this browser: WeChat makes it for a fresh scene, and the browser gets a fresh
 * secret (its previous QR code, if any, is dropped). For 'bind' the signed-in user is recorded.
 */
export async function createWechatQr(
  db: Db,
  api: WechatApi | null,
  input: { type: QrType; user: User | null; oldSecret?: string; ip: string },
): Promise<NewQr> {
  if (!api) throw new DomainError(WECHAT_OFF)
  if (input.type === 'bind' && !input.user) throw new NotSignedInError()
  await consumeOrThrow(db, 'wechatQr', input.ip, TOO_MANY_QR)
  const scene = randomBytes(16).toString('base64url')
  let qr
  try {
    qr = await api.createQr(scene, QR_SECONDS)
  } catch (error) {
    if (!(error instanceof WechatApiError)) throw error
    console.error(error)
    throw new DomainError(WECHAT_API_FAILED)
  }
  const secret = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + Math.min(qr.expireSeconds, QR_SECONDS) * 1000)
  await db.transaction(async (tx) => {
    if (input.oldSecret && SECRET.test(input.oldSecret)) await tx.delete(wechatLogins).where(eq(wechatLogins.browserHash, hashToken(input.oldSecret)))
    await tx.insert(wechatLogins).values({
      scene,
      browserHash: hashToken(secret),
      type: input.type,
      userId: input.type === 'bind' ? input.user!.id : null,
      ticket: qr.ticket,
      url: qr.url,
      expiresAt,
    })
  })
  return { scene, ticket: qr.ticket, url: qr.url, expiresAt, secret }
}

/** This browser's QR code of `type` that is still good (a page shown again keeps its QR code). */
export async function currentWechatQr(db: Db, secret: string | undefined, type: QrType): Promise<WechatLogin | null> {
  if (!secret || !SECRET.test(secret)) return null
  const [row] = await db
    .select()
    .from(wechatLogins)
    .where(and(eq(wechatLogins.browserHash, hashToken(secret)), eq(wechatLogins.type, type), gt(wechatLogins.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

/**
 * What a page shows for this browser's QR code: the confirm step once it was scanned by a WeChat
 * bound to no account; otherwise the code and 我已扫码 (which signs in, or binds, when scanned).
 */
export async function qrView(db: Db, row: WechatLogin): Promise<'waiting' | 'register'> {
  return row.type === 'login' && row.openid && !(await identityOf(db, row.openid)) ? 'register' : 'waiting'
}

/** The row of `scene` if this browser owns it and it is still good; null looks the same as expired. */
async function ownRow(db: Db | Tx, scene: unknown, secret: string | undefined, { lock = false } = {}) {
  if (!isScene(scene) || !secret || !SECRET.test(secret)) return null
  const query = db
    .select()
    .from(wechatLogins)
    .where(and(eq(wechatLogins.scene, scene), eq(wechatLogins.browserHash, hashToken(secret)), gt(wechatLogins.expiresAt, new Date())))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/**
 * WeChat's push of a scan (app/routes/api/wx.callback.ts, signature already checked): the first
 * scan of a good scene records the openid and gives the browser the confirm window.
 * Returns whether a QR code of ours was scanned.
 */
export async function recordScan(db: Db, event: ScanEvent): Promise<boolean> {
  if (!isScene(event.scene) || event.openid.length > 128) return false
  const now = new Date()
  const rows = await db
    .update(wechatLogins)
    .set({ openid: event.openid, scannedAt: now, expiresAt: new Date(now.getTime() + CONFIRM_SECONDS * 1000) })
    .where(and(eq(wechatLogins.scene, event.scene), isNull(wechatLogins.openid), gt(wechatLogins.expiresAt, now)))
    .returning({ scene: wechatLogins.scene })
  return rows.length > 0
}

export type PollResult =
  | { status: 'waiting' | 'register' | 'expired' }
  /** `signIn`: a login QR code (the caller starts this browser's session); false for a binding. */
  | { status: 'in'; userId: number; signIn: boolean }
  | { status: 'failed'; err: string }

/** The user whose WeChat identity `openid` is, if any. */
async function identityOf(db: Db | Tx, openid: string) {
  const [row] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, WECHAT_PROVIDER), eq(userIdentities.providerUserId, openid)))
    .limit(1)
  return row ?? null
}

/** Uses the row up: of two requests at once only one deletes it, and only that one goes on. */
async function useUp(db: Db | Tx, scene: string) {
  const rows = await db.delete(wechatLogins).where(eq(wechatLogins.scene, scene)).returning({ scene: wechatLogins.scene })
  return rows.length > 0
}

/**
 * One poll (GET /api/wx/login-status, or 我已扫码 without JavaScript): what became of this
 * browser's QR code. 'in' means the caller signs this browser in as `userId` (login) or the
 * WeChat account is now bound (bind); the row is used up either way.
 */
export async function pollWechatQr(
  db: Db,
  input: { scene: unknown; secret: string | undefined; user: User | null; ip: string },
): Promise<PollResult> {
  await consumeOrThrow(db, 'wechatPoll', input.ip, TOO_MANY_POLLS)
  const row = await ownRow(db, input.scene, input.secret)
  if (!row) return { status: 'expired' }
  if (!row.openid) return { status: 'waiting' }
  if (row.type === 'bind') return bindScanned(db, row, row.openid, input.user)
  const identity = await identityOf(db, row.openid)
  if (!identity) return { status: 'register' }
  return (await useUp(db, row.scene)) ? { status: 'in', userId: identity.userId, signIn: true } : { status: 'expired' }
}

async function bindScanned(db: Db, row: WechatLogin, openid: string, user: User | null): Promise<PollResult> {
  // Only the user who asked for the binding QR code, still signed in on this browser.
  if (!user || user.id !== row.userId) return { status: 'expired' }
  try {
    return await db.transaction(async (tx) => {
      if (!(await useUp(tx, row.scene))) return { status: 'expired' as const }
      const owner = await identityOf(tx, openid)
      if (owner) return owner.userId === user.id ? { status: 'in' as const, userId: user.id, signIn: false } : { status: 'failed' as const, err: WECHAT_TAKEN }
      await tx.insert(userIdentities).values({ userId: user.id, provider: WECHAT_PROVIDER, providerUserId: openid })
      return { status: 'in' as const, userId: user.id, signIn: false }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'failed', err: ACCOUNT_HAS_WECHAT }
    throw error
  }
}

/** A nickname for an account made by a WeChat scan (the official-account API gives none without more consent). */
const wechatNickname = () => `微信用户${randomBytes(3).toString('hex')}`

/**
 * The confirm step after status 'register' (POST /api/wx/register): with `bind` (e-mail and
 * password of an existing account, checked like a sign-in) the WeChat account is bound to it;
 * without, a new account is made. All or nothing: a wrong password writes nothing and the QR
 * code stays usable; the row is used up in the same transaction as the binding.
 */
export async function completeWechatRegister(
  db: Db,
  input: { scene: unknown; secret: string | undefined; ip: string; bind?: { email: unknown; password: unknown }; nickname?: string },
): Promise<User> {
  // Binding to an account: its e-mail and password, checked as at sign-in (both edges send them raw).
  const credentials = input.bind ? LoginSchema.safeParse(input.bind) : null
  if (credentials && !credentials.success) throw new DomainError(firstIssue(credentials.error))
  const before = await ownRow(db, input.scene, input.secret)
  if (!before || before.type !== 'login' || !before.openid) throw new DomainError(QR_EXPIRED)
  const existing = credentials ? await signIn(db, credentials.data, input.ip) : null
  if (!existing) await consumeOrThrow(db, 'register', input.ip, TOO_MANY_REGISTRATIONS)
  try {
    return await db.transaction(async (tx) => {
      const row = await ownRow(tx, input.scene, input.secret, { lock: true })
      if (!row?.openid) throw new DomainError(QR_EXPIRED)
      if (await identityOf(tx, row.openid)) throw new DomainError(WECHAT_TAKEN)
      let user = existing
      user ??= await createAccount(tx, { email: null, passwordHash: null, nickname: input.nickname || wechatNickname() })
      await tx.insert(userIdentities).values({ userId: user.id, provider: WECHAT_PROVIDER, providerUserId: row.openid })
      await tx.delete(wechatLogins).where(eq(wechatLogins.scene, row.scene))
      return user
    })
  } catch (error) {
    // The account already has a WeChat identity, or this openid was bound meanwhile.
    if (isUniqueViolation(error)) throw new DomainError(existing ? ACCOUNT_HAS_WECHAT : WECHAT_TAKEN)
    throw error
  }
}

/** The user's bound WeChat identity (the account page, init-info's bindWx and txcOpenId). */
export async function wechatIdentity(db: Db, userId: number) {
  const [row] = await db
    .select({ openid: userIdentities.providerUserId, displayName: userIdentities.displayName, createdAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, WECHAT_PROVIDER)))
    .limit(1)
  return row ?? null
}


/** The maintenance job's sweep of QR codes nobody finished. */
export async function deleteExpiredWechatLogins(db: Db) {
  await db.delete(wechatLogins).where(lt(wechatLogins.expiresAt, sql`now()`))
}

import { createHash } from 'node:crypto'
import Bowser from 'bowser'
import { and, desc, eq, gt, ne } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '#app/auth/password.server.ts'
import { consumeOrThrow, isLimited, recordFailure, resetLimit } from '#app/auth/rate-limit.server.ts'
import { UPLOAD_RATE_MSG } from '#app/uploads/upload-api.server.ts'
import { hashToken, sessionStartedAt } from '#app/auth/session.server.ts'
import type { Db } from '#app/db/client.server.ts'
import { sessions, users, type User } from '#app/db/schema/index.ts'
import { storeImage } from '#app/uploads/image.server.ts'
import type { UploadStorage } from '#app/uploads/storage.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/**
 * The user centre's account and sessions (`/user/account`, `/user/online`): every query is by the
 * signed-in user's id, so nobody reaches another user's profile or sessions.
 */

export const NICKNAME_SAVED = '昵称已保存'
export const AVATAR_SAVED = '头像已更新'
export const PASSWORD_CHANGED = '密码已修改，其他设备上的登录已退出'
export const WRONG_CURRENT_PASSWORD = '当前密码不正确'
export const TOO_MANY_PASSWORD_TRIES = '当前密码输错次数过多，请一小时后再试'
export const SESSION_ENDED = '已退出该设备的登录'
export const OTHER_SESSIONS_ENDED = '已退出其他所有设备的登录'
export const SESSION_NOT_FOUND = '没有找到这个登录，它可能已经退出'
export const CURRENT_SESSION_HINT = '当前设备请使用右上角的【退出】'

export async function changeNickname(db: Db, user: User, nickname: string) {
  await db.update(users).set({ nickname }).where(eq(users.id, user.id))
}

/** Stores the picture through the upload pipeline (limited like every upload, checked, re-encoded, cropped square) and uses it. */
export async function changeAvatar(db: Db, user: User, bytes: Buffer, { storage }: { storage?: UploadStorage } = {}) {
  await consumeOrThrow(db, 'upload', `user:${user.id}`, UPLOAD_RATE_MSG)
  const { src } = await storeImage(bytes, 'avatar', { db, userId: user.id, storage })
  await db.update(users).set({ avatar: src }).where(eq(users.id, user.id))
  return src
}

export const SIGN_IN_AGAIN = '为了账号安全，请重新登录，并在登录后10分钟内完成此操作'
const RECENT_SIGN_IN_MS = 10 * 60_000

/**
 * The account's holder, before its password, e-mail or existence changes: the current password
 * typed again (wrong tries counted and limited, as at sign-in); for an account without one (made
 * by a social sign-in), a session begun in the last ten minutes, so that a stolen session cannot
 * set a password or an address and keep the account for good.
 */
export async function confirmHolder(db: Db, user: User, input: { current?: string; sessionToken: string | undefined; field: string }) {
  if (user.passwordHash === null) {
    const started = input.sessionToken ? await sessionStartedAt(db, input.sessionToken) : null
    if (!started || Date.now() - started.getTime() > RECENT_SIGN_IN_MS) throw new DomainError(SIGN_IN_AGAIN)
    return
  }
  const key = `user:${user.id}`
  if (await isLimited(db, 'passwordChange', key)) throw new DomainError(TOO_MANY_PASSWORD_TRIES, { field: input.field })
  if (!(await verifyPassword(input.current ?? '', user.passwordHash))) {
    await recordFailure(db, 'passwordChange', key)
    throw new DomainError(WRONG_CURRENT_PASSWORD, { field: input.field })
  }
  await resetLimit(db, 'passwordChange', key)
}

/**
 * Changes (or sets the first) password once the holder is confirmed, and ends every other session
 * of the user (the caller issues this browser a fresh one).
 */
export async function changePassword(db: Db, user: User, input: { current?: string; password: string }, currentToken: string | undefined) {
  await confirmHolder(db, user, { current: input.current, sessionToken: currentToken, field: 'current' })
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    await tx.delete(sessions).where(currentToken ? and(eq(sessions.userId, user.id), ne(sessions.idHash, hashToken(currentToken))) : eq(sessions.userId, user.id))
  })
}

/** What the page names a session by: not its key (the token's hash), a hash of that. */
const publicId = (idHash: string) => createHash('sha256').update(`session:${idHash}`).digest('hex').slice(0, 24)

const DEVICE_TYPES: Record<string, string> = { desktop: '电脑', mobile: '手机', tablet: '平板', tv: '电视', bot: '程序' }

/** "Chrome 131 · Windows 10 · 电脑" from a User-Agent (bowser), or what is known of it. */
export function describeUserAgent(userAgent: string | null) {
  if (!userAgent) return { browser: '未知浏览器', device: '未知设备' }
  const parsed = Bowser.parse(userAgent)
  const version = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? `${parsed.browser.name}${version ? ` ${version}` : ''}` : '未知浏览器'
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
  const kind = parsed.platform.type ? DEVICE_TYPES[parsed.platform.type] : undefined
  const model = [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(' ')
  const device = [os, model, kind].filter(Boolean).join(' · ') || '未知设备'
  return { browser, device }
}

export type SessionView = { id: string; browser: string; device: string; ip: string; lastSeenAt: number; createdAt: number; current: boolean }

/** The user's live sessions, the most recently seen first; `current` marks this browser's. */
export async function listSessions(db: Db, user: User, currentToken: string | undefined): Promise<SessionView[]> {
  const currentHash = currentToken ? hashToken(currentToken) : null
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
  const views = rows.map((row) => ({
    id: publicId(row.idHash),
    ...describeUserAgent(row.userAgent),
    ip: row.ip ?? '未知',
    lastSeenAt: row.lastSeenAt.getTime(),
    createdAt: row.createdAt.getTime(),
    current: row.idHash === currentHash,
  }))
  // This browser's first, then by last seen.
  return views.sort((a, b) => Number(b.current) - Number(a.current))
}

/** Signs one of the user's other sessions out. An id of someone else's session finds nothing. */
export async function endSession(db: Db, user: User, id: string, currentToken: string | undefined) {
  const rows = await db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))
  const target = rows.find((row) => publicId(row.idHash) === id)
  if (!target) throw new DomainError(SESSION_NOT_FOUND)
  if (currentToken && target.idHash === hashToken(currentToken)) throw new DomainError(CURRENT_SESSION_HINT)
  await db.delete(sessions).where(and(eq(sessions.userId, user.id), eq(sessions.idHash, target.idHash)))
}

/** Signs every session of the user out but this browser's; how many ended. */
export async function endOtherSessions(db: Db, user: User, currentToken: string | undefined) {
  const others = currentToken ? and(eq(sessions.userId, user.id), ne(sessions.idHash, hashToken(currentToken))) : eq(sessions.userId, user.id)
  const ended = await db.delete(sessions).where(others).returning({ idHash: sessions.idHash })
  return ended.length
}

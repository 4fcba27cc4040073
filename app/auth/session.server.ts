import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { sessions, users, type User } from '#app/db/schema/index.ts'
import { isHttps, readCookie, serializeCookie } from '#app/utils/http.server.ts'

const SESSION_DAYS = 30
/** last_seen_at is refreshed at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 10 * 60 * 1000

/** `__Host-` needs Secure, which plain-http local use cannot have (SECURITY.md §2.5). */
export function sessionCookieName(request: Request | URL) {
  return isHttps(request) ? '__Host-qy_sid' : 'qy_sid'
}

/** What the sessions table keys a token by. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type SessionMeta = { ip?: string; userAgent?: string | null }

/** A fresh 256-bit token for every sign-in (no fixation); only its hash is stored. */
export async function createSession(db: Db, userId: number, meta: SessionMeta) {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  })
  return token
}

export function commitSessionCookie(request: Request, token: string) {
  return serializeCookie(sessionCookieName(request), token, {
    maxAge: SESSION_DAYS * 86_400,
    secure: isHttps(request),
  })
}

export function clearSessionCookie(request: Request) {
  return serializeCookie(sessionCookieName(request), '', { maxAge: 0, secure: isHttps(request) })
}

/** The shape of a token createSession makes (32 bytes, base64url); anything else is no session. */
export function isSessionToken(token: string | undefined): token is string {
  return token !== undefined && /^[\w-]{43}$/.test(token)
}

export function readSessionToken(request: Request) {
  const token = readCookie(request, sessionCookieName(request))
  return isSessionToken(token) ? token : undefined
}

/** The signed-in user, read from the database on every request (revocation is immediate). */
export async function getSessionUser(db: Db, token: string | undefined): Promise<User | null> {
  if (!token) return null
  const idHash = hashToken(token)
  const now = new Date()
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1)
  if (!row) return null
  if (isTimeToTouch(row.lastSeenAt.getTime(), now.getTime())) await touchSession(db, idHash, now)
  return row.user
}

export const isTimeToTouch = (lastSeenAt: number, now: number) => now - lastSeenAt > TOUCH_AFTER_MS

export async function touchSession(db: Db, idHash: string, now = new Date()) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash))
}

/** When the session of this token began (its sign-in), or null for none. */
export async function sessionStartedAt(db: Db, token: string) {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.idHash, hashToken(token))).limit(1)
  return row?.createdAt ?? null
}

export async function destroySession(db: Db, token: string | undefined) {
  if (!token) return
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)))
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
}

/**
 * Signs the user in on this browser: the session it came with (if any) ends and a new token is
 * issued, so a cookie planted before sign-in is worthless after it (session fixation).
 * Returns the Set-Cookie header to send.
 */
export async function startSession(db: Db, request: Request, userId: number, ip: string) {
  await destroySession(db, readSessionToken(request))
  const token = await createSession(db, userId, { ip, userAgent: request.headers.get('User-Agent') })
  return commitSessionCookie(request, token)
}

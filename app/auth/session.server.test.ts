import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { sessions } from '#app/db/schema/index.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import {
  commitSessionCookie,
  createSession,
  destroySession,
  getSessionUser,
  readSessionToken,
  sessionCookieName,
  startSession,
} from './session.server.ts'

const db = useTestDb()

const requestWith = (token?: string, origin = 'http://localhost:3000') =>
  new Request(`${origin}/`, { headers: token ? { Cookie: `${sessionCookieName(new Request(`${origin}/`))}=${token}` } : {} })

test('a session token finds its user; only its SHA-256 is stored', async () => {
  const { user } = await createUser(db())
  const token = await createSession(db(), user.id, { ip: '198.51.100.1', userAgent: 'test' })
  expect(token).toMatch(/^[\w-]{43}$/)
  expect((await getSessionUser(db(), token))?.id).toBe(user.id)
  const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id))
  expect(rows).toHaveLength(1)
  expect(rows[0]!.idHash).not.toContain(token)
  expect(rows[0]!.idHash).toMatch(/^[0-9a-f]{64}$/)
})

test('expired, destroyed and made-up tokens find nobody', async () => {
  const { user } = await createUser(db())
  const token = await createSession(db(), user.id, {})
  await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id))
  expect(await getSessionUser(db(), token)).toBeNull()
  const live = await createSession(db(), user.id, {})
  await destroySession(db(), live)
  expect(await getSessionUser(db(), live)).toBeNull()
  expect(await getSessionUser(db(), 'x'.repeat(43))).toBeNull()
  expect(await getSessionUser(db(), undefined)).toBeNull()
})

test('signing in replaces the session the browser came with (no fixation)', async () => {
  const { user } = await createUser(db())
  const planted = await createSession(db(), user.id, {})
  const setCookie = await startSession(db(), requestWith(planted), user.id, '198.51.100.2')
  const fresh = /qy_sid=([\w-]+)/.exec(setCookie)?.[1]
  expect(fresh).toBeDefined()
  expect(fresh).not.toBe(planted)
  expect(await getSessionUser(db(), planted)).toBeNull()
  expect((await getSessionUser(db(), fresh))?.id).toBe(user.id)
})

test('the cookie is HttpOnly and SameSite=Lax; __Host- and Secure over https', () => {
  const http = commitSessionCookie(new Request('http://localhost:3000/'), 'a'.repeat(43))
  expect(http).toMatch(/^qy_sid=a{43}; Path=\/; SameSite=Lax; Max-Age=\d+; HttpOnly$/)
  const https = commitSessionCookie(new Request('https://qiye.example/'), 'a'.repeat(43))
  expect(https).toMatch(/^__Host-qy_sid=a{43}; Path=\/;.*HttpOnly; Secure$/)
  expect(https).not.toContain('Domain')
})

test('only well-formed tokens are read from the cookie', () => {
  expect(readSessionToken(requestWith('b'.repeat(43)))).toBe('b'.repeat(43))
  expect(readSessionToken(requestWith("' or 1=1 --"))).toBeUndefined()
  expect(readSessionToken(requestWith())).toBeUndefined()
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sessions } from '#app/db/schema/index.ts'
import { createUser } from '#tests/db-utils.ts'
import { createTestDb, type TestDb } from '#tests/setup/test-db.ts'
import {
  commitSessionCookie,
  createSession,
  destroySession,
  getSessionUser,
  readSessionToken,
  sessionCookieName,
  startSession,
} from './session.server.ts'

let t: TestDb
beforeAll(async () => {
  t = await createTestDb()
})
afterAll(() => t.dispose())

const requestWith = (token?: string, origin = 'http://localhost:3000') =>
  new Request(`${origin}/`, { headers: token ? { Cookie: `${sessionCookieName(new Request(`${origin}/`))}=${token}` } : {} })

test('a session token finds its user; only its SHA-256 is stored', async () => {
  const { user } = await createUser(t.db)
  const token = await createSession(t.db, user.id, { ip: '198.51.100.1', userAgent: 'test' })
  expect(token).toMatch(/^[\w-]{43}$/)
  expect((await getSessionUser(t.db, token))?.id).toBe(user.id)
  const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
  expect(rows).toHaveLength(1)
  expect(rows[0]!.idHash).not.toContain(token)
  expect(rows[0]!.idHash).toMatch(/^[0-9a-f]{64}$/)
})

test('expired, destroyed and made-up tokens find nobody', async () => {
  const { user } = await createUser(t.db)
  const token = await createSession(t.db, user.id, {})
  await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id))
  expect(await getSessionUser(t.db, token)).toBeNull()
  const live = await createSession(t.db, user.id, {})
  await destroySession(t.db, live)
  expect(await getSessionUser(t.db, live)).toBeNull()
  expect(await getSessionUser(t.db, 'x'.repeat(43))).toBeNull()
  expect(await getSessionUser(t.db, undefined)).toBeNull()
})

test('signing in replaces the session the browser came with (no fixation)', async () => {
  const { user } = await createUser(t.db)
  const planted = await createSession(t.db, user.id, {})
  const setCookie = await startSession(t.db, requestWith(planted), user.id, '198.51.100.2')
  const fresh = /qy_sid=([\w-]+)/.exec(setCookie)?.[1]
  expect(fresh).toBeDefined()
  expect(fresh).not.toBe(planted)
  expect(await getSessionUser(t.db, planted)).toBeNull()
  expect((await getSessionUser(t.db, fresh))?.id).toBe(user.id)
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

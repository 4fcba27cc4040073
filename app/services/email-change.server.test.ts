import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { emailChanges, users } from '#app/db/schema/index.ts'
import { type Mailer, smtpMailer } from '#app/mail/mailer.server.ts'
import { createUser, uniqueEmail } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { type MailServer, startMailServer } from '#tests/sites/mail-server.ts'
import {
  checkEmailChange,
  confirmEmailChange,
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_INVALID,
  EMAIL_MAIL_OFF,
  EMAIL_UNCHANGED,
  requestEmailChange,
  TOO_MANY_EMAIL_CHANGES,
} from './email-change.server.ts'
import { EMAIL_TAKEN } from './account.server.ts'
import { SIGN_IN_AGAIN, WRONG_CURRENT_PASSWORD } from './user-account.server.ts'
import { createSession } from '#app/auth/session.server.ts'

const db = useTestDb()
const ORIGIN = 'http://qiye.test'
let server: MailServer
let mail: { mailer: Mailer; origin: string }

beforeAll(async () => {
  server = await startMailServer()
  mail = { mailer: smtpMailer(server.env.SMTP_URL!, server.env.MAIL_FROM!), origin: ORIGIN }
})
afterAll(() => server.close())

const mailsTo = (email: string) => server.mails().filter((m) => m.to.includes(email))
const tokenOf = (email: string) => /token=([\w.-]+)/.exec(mailsTo(email).at(-1)!.text)![1]!
const emailOf = async (id: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email

test('the new address confirms the link; only then the address changes, once, and the old address is told', async () => {
  const { user, password } = await createUser(db(), { nickname: '换邮箱' })
  const next = uniqueEmail()
  await requestEmailChange(db(), user, { email: next.toUpperCase(), current: password }, { mail, sessionToken: undefined })
  expect(await emailOf(user.id)).toBe(user.email)
  const token = tokenOf(next)
  expect(mailsTo(next).at(-1)!.text).toContain(`${ORIGIN}/email/confirm?token=`)
  // Stored hashed: the verifier is nowhere in the table.
  const [row] = await db().select().from(emailChanges).where(eq(emailChanges.userId, user.id))
  expect(row!.verifierHash).not.toContain(token.split('.')[1])
  expect(await checkEmailChange(db(), token)).toEqual({ email: next })

  await confirmEmailChange(db(), token, mail)
  expect(await emailOf(user.id)).toBe(next)
  await expect(confirmEmailChange(db(), token, mail)).rejects.toThrow(EMAIL_LINK_INVALID)
  await expect.poll(() => mailsTo(user.email).length).toBe(1)
  expect(mailsTo(user.email)[0]!.text).toContain(`已改为 ${next}`)
})

test('refusals: wrong password, same or taken address, no mailer, a mangled or expired link', async () => {
  const { user, password } = await createUser(db())
  const other = await createUser(db())
  await expect(requestEmailChange(db(), user, { email: uniqueEmail(), current: 'wrong' }, { mail, sessionToken: undefined })).rejects.toThrow(WRONG_CURRENT_PASSWORD)
  await expect(requestEmailChange(db(), user, { email: user.email, current: password }, { mail, sessionToken: undefined })).rejects.toThrow(EMAIL_UNCHANGED)
  await expect(requestEmailChange(db(), user, { email: other.user.email.toUpperCase(), current: password }, { mail, sessionToken: undefined })).rejects.toThrow(EMAIL_TAKEN)
  await expect(requestEmailChange(db(), user, { email: uniqueEmail(), current: password }, { mail: null, sessionToken: undefined })).rejects.toThrow(EMAIL_MAIL_OFF)
  expect(await db().select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([])
  await expect(checkEmailChange(db(), 'not-a-token')).rejects.toThrow(EMAIL_LINK_INVALID)

  const next = uniqueEmail()
  await requestEmailChange(db(), user, { email: next, current: password }, { mail, sessionToken: undefined })
  const token = tokenOf(next)
  await expect(checkEmailChange(db(), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).rejects.toThrow(EMAIL_LINK_INVALID)
  await db().update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, user.id))
  await expect(confirmEmailChange(db(), token, mail)).rejects.toThrow(EMAIL_LINK_EXPIRED)
  expect(await emailOf(user.id)).toBe(user.email)
})

test('an address registered between the request and the link is refused at the link', async () => {
  const { user, password } = await createUser(db())
  const next = uniqueEmail()
  await requestEmailChange(db(), user, { email: next, current: password }, { mail, sessionToken: undefined })
  await createUser(db(), { email: next })
  await expect(confirmEmailChange(db(), tokenOf(next), mail)).rejects.toThrow(EMAIL_TAKEN)
  expect(await emailOf(user.id)).toBe(user.email)
})

test('an account without a password needs a recent sign-in instead; five mails an hour per user, a taken address counting too', async () => {
  const { user } = await createUser(db())
  await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id))
  const social = { ...user, passwordHash: null }
  // No password to type: a recent sign-in instead.
  await expect(requestEmailChange(db(), social, { email: uniqueEmail() }, { mail, sessionToken: undefined })).rejects.toThrow(SIGN_IN_AGAIN)
  const sessionToken = await createSession(db(), user.id, {})
  // An address someone has is refused, and costs a request like any other (no free probing).
  const { user: other } = await createUser(db())
  await expect(requestEmailChange(db(), social, { email: other.email }, { mail, sessionToken })).rejects.toThrow(EMAIL_TAKEN)
  for (let i = 0; i < 4; i++) await requestEmailChange(db(), social, { email: uniqueEmail() }, { mail, sessionToken })
  await expect(requestEmailChange(db(), social, { email: uniqueEmail() }, { mail, sessionToken })).rejects.toThrow(TOO_MANY_EMAIL_CHANGES)
  // Only the last link works.
  expect(await db().select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toHaveLength(1)
})

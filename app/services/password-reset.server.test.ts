import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createSession, getSessionUser } from '#app/auth/session.server.ts'
import { passwordResets } from '#app/db/schema/index.ts'
import { type Mailer, MAIL_OFF_MSG, smtpMailer } from '#app/mail/mailer.server.ts'
import { createUser, uniqueEmail, uniqueIp } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { type MailServer, startMailServer } from '#tests/sites/mail-server.ts'
import { signIn, WRONG_CREDENTIALS } from './account.server.ts'
import {
  checkResetToken,
  deleteExpiredResets,
  requestPasswordReset,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  resetPassword,
  TOO_MANY_RESETS,
} from './password-reset.server.ts'

const db = useTestDb()
const ORIGIN = 'http://qiye.test'
let server: MailServer
let mailer: Mailer

beforeAll(async () => {
  server = await startMailServer()
  mailer = smtpMailer(server.env.SMTP_URL!, server.env.MAIL_FROM!)
})
afterAll(() => server.close())

const mailsTo = (email: string) => server.mails().filter((m) => m.to.includes(email))
const tokenOf = (text: string) => /token=([\w.-]+)/.exec(text)![1]!

/** Asks for a reset link for `email` and waits for the mail (if any); the token it carries. */
async function askReset(email: string, ip = uniqueIp()) {
  const { delivery } = await requestPasswordReset(db(), { email }, { ip, mail: { origin: ORIGIN, mailer } })
  await delivery
  const mails = mailsTo(email.toLowerCase())
  return mails.length ? tokenOf(mails.at(-1)!.text) : null
}

test('a reset mail goes over SMTP with a link to our origin; only the hash of its secret is stored', async () => {
  const { user } = await createUser(db(), { nickname: '找回者' })
  const token = await askReset(user.email.toUpperCase())
  const mail = mailsTo(user.email).at(-1)!
  expect(mail.subject).toBe('起页：重置密码')
  expect(mail.text).toContain('找回者，你好')
  expect(mail.text).toContain(`${ORIGIN}/forget/reset-password?token=${token}`)
  expect(mail.text).toContain('30分钟内有效')
  expect(mail.html).toContain('<a href="http://qiye.test/forget/reset-password?token=')
  const [row] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))
  const [selector, verifier] = token!.split('.')
  expect(row!.selector).toBe(selector)
  expect(row!.verifierHash).toMatch(/^[0-9a-f]{64}$/)
  expect(row!.verifierHash).not.toContain(verifier)
  const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000
  expect(minutes).toBeGreaterThan(29.9)
  expect(minutes).toBeLessThan(30.1)
})

test('an unknown address gets the same answer and no mail is sent', async () => {
  const email = uniqueEmail()
  const before = server.mails().length
  const result = await requestPasswordReset(db(), { email }, { ip: uniqueIp(), mail: { origin: ORIGIN, mailer } })
  expect(Object.keys(result)).toEqual(['delivery'])
  await result.delivery
  expect(server.mails().length).toBe(before)
})

test('the answer does not wait for the lookup or the mail: a slow SMTP server does not show in it', async () => {
  const { user } = await createUser(db())
  let release!: () => void
  const slow: Mailer = { send: (message) => new Promise<void>((resolve) => (release = resolve)).then(() => mailer.send(message)) }
  // The mail waits for `release`: had the answer waited for it, this would never return.
  const { delivery } = await requestPasswordReset(db(), { email: user.email }, { ip: uniqueIp(), mail: { origin: ORIGIN, mailer: slow } })
  await vi.waitFor(() => expect(release).toBeTypeOf('function'))
  release()
  await delivery
  expect(mailsTo(user.email)).toHaveLength(1)
})

test('the link sets a new password once, ends every session, and the old password stops working', async () => {
  const { user, password } = await createUser(db())
  const sessionA = await createSession(db(), user.id, {})
  const sessionB = await createSession(db(), user.id, {})
  const token = (await askReset(user.email))!
  await checkResetToken(db(), token)
  await resetPassword(db(), { token, password: '新的密码123' })
  expect(await getSessionUser(db(), sessionA)).toBeNull()
  expect(await getSessionUser(db(), sessionB)).toBeNull()
  await expect(signIn(db(), { email: user.email, password }, uniqueIp())).rejects.toThrow(WRONG_CREDENTIALS)
  expect((await signIn(db(), { email: user.email, password: '新的密码123' }, uniqueIp())).id).toBe(user.id)
  await expect(checkResetToken(db(), token)).rejects.toThrow(RESET_LINK_INVALID)
  await expect(resetPassword(db(), { token, password: '第三个密码abc' })).rejects.toThrow(RESET_LINK_INVALID)
})

test('two uses of one link at once: one succeeds, the other is refused', async () => {
  const { user } = await createUser(db())
  const token = (await askReset(user.email))!
  const results = await Promise.allSettled([
    resetPassword(db(), { token, password: '并发密码一号' }),
    resetPassword(db(), { token, password: '并发密码二号' }),
  ])
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  const [refused] = results.filter((r) => r.status === 'rejected')
  expect((refused as PromiseRejectedResult).reason.message).toBe(RESET_LINK_INVALID)
})

test('a new link does not end the older one, and using either ends both', async () => {
  const { user } = await createUser(db())
  const first = (await askReset(user.email))!
  const second = (await askReset(user.email))!
  expect(second).not.toBe(first)
  await checkResetToken(db(), first)
  await resetPassword(db(), { token: second, password: '第二封邮件的密码' })
  await expect(checkResetToken(db(), first)).rejects.toThrow(RESET_LINK_INVALID)
})

test('after 30 minutes the link is refused as expired, and the sweep removes it', async () => {
  const { user } = await createUser(db())
  const token = (await askReset(user.email))!
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    vi.setSystemTime(Date.now() + 29 * 60_000)
    await checkResetToken(db(), token)
    vi.setSystemTime(Date.now() + 2 * 60_000)
    await expect(checkResetToken(db(), token)).rejects.toThrow(RESET_LINK_EXPIRED)
    await expect(resetPassword(db(), { token, password: '过期后的密码' })).rejects.toThrow(RESET_LINK_EXPIRED)
    await deleteExpiredResets(db())
  } finally {
    vi.useRealTimers()
  }
  expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0)
})

test('a forged, truncated or wrong-secret token is refused alike', async () => {
  const { user } = await createUser(db())
  const token = (await askReset(user.email))!
  const [selector, verifier] = token.split('.') as [string, string]
  const wrongSecret = `${selector}.${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`
  for (const bad of [wrongSecret, selector, `${selector}.`, 'x'.repeat(22) + '.' + verifier, '', '../../etc']) {
    await expect(checkResetToken(db(), bad)).rejects.toThrow(RESET_LINK_INVALID)
    await expect(resetPassword(db(), { token: bad, password: '猜测的密码' })).rejects.toThrow(RESET_LINK_INVALID)
  }
  // The guesses did not use the real link up.
  await checkResetToken(db(), token)
})

test('rate limits: five mails an hour for one address (whoever asks), twenty from one IP', async () => {
  const email = uniqueEmail()
  for (let i = 0; i < 5; i++) await requestPasswordReset(db(), { email }, { ip: uniqueIp(), mail: { origin: ORIGIN, mailer } })
  await expect(requestPasswordReset(db(), { email }, { ip: uniqueIp(), mail: { origin: ORIGIN, mailer } })).rejects.toThrow(TOO_MANY_RESETS)
  const ip = uniqueIp()
  for (let i = 0; i < 20; i++) await requestPasswordReset(db(), { email: uniqueEmail() }, { ip, mail: { origin: ORIGIN, mailer } })
  await expect(requestPasswordReset(db(), { email: uniqueEmail() }, { ip, mail: { origin: ORIGIN, mailer } })).rejects.toThrow(TOO_MANY_RESETS)
})

test('without an SMTP server configured the request is refused with a clear message', async () => {
  await expect(requestPasswordReset(db(), { email: uniqueEmail() }, { ip: uniqueIp(), mail: null })).rejects.toThrow(MAIL_OFF_MSG)
})

import { and, eq, lt, ne, sql } from 'drizzle-orm'
import { newLinkToken, parseLinkToken, verifierMatches } from '#app/auth/link-token.server.ts'
import { escapeHtml } from '#app/utils/escape-html.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { emailChanges, users, type User } from '#app/db/schema/index.ts'
import type { Mailer } from '#app/mail/mailer.server.ts'
import { env } from '#app/utils/env.server.ts'
import { DomainError, isUniqueViolation } from '#app/utils/errors.ts'
import { byEmail, EMAIL_TAKEN, normaliseEmail } from './account.server.ts'
import { confirmHolder } from './user-account.server.ts'

/**
 * Changing the sign-in e-mail (/user/account): the new address gets a confirmation link
 * (`{selector}.{verifier}` as in password resets: hashed, single use, expiring), and the address
 * changes only when the link is used; the old address is then told.
 */

export const EMAIL_UNCHANGED = '新邮箱与当前邮箱相同'
export const EMAIL_MAIL_OFF = '本站未配置邮件发送，暂时无法修改邮箱'
export const TOO_MANY_EMAIL_CHANGES = '修改邮箱的请求过于频繁，请稍后再试'
export const EMAIL_LINK_INVALID = '确认链接无效或已被使用，请重新修改邮箱'
export const EMAIL_LINK_EXPIRED = '确认链接已过期，请重新修改邮箱'
export const EMAIL_CHANGED = '邮箱已修改，请使用新邮箱登录'
export const emailChangeSent = (email: string, minutes = env().PASSWORD_RESET_MINUTES) =>
  `确认邮件已发送到 ${email}，请在${minutes}分钟内打开邮件中的链接，邮箱才会修改`

/** The page the mail links to. */
export const CONFIRM_PATH = '/email/confirm'

type MailConfig = { mailer: Mailer; origin: string }

const taken = async (db: Db | Tx, email: string, userId: number) =>
  (await db.select({ id: users.id }).from(users).where(and(byEmail(email), ne(users.id, userId))).limit(1)).length > 0

/**
 * Step one: checks the current password (when the account has one), the address (not the same,
 * not someone else's), takes a point of the per-user limit, then stores the link and mails it.
 */
export async function requestEmailChange(
  db: Db,
  user: User,
  input: { email: string; current?: string },
  { mail, sessionToken }: { mail: MailConfig | null; sessionToken: string | undefined },
) {
  if (!mail) throw new DomainError(EMAIL_MAIL_OFF)
  await confirmHolder(db, user, { current: input.current, sessionToken, field: 'current' })
  const email = normaliseEmail(input.email)
  if (email === user.email) throw new DomainError(EMAIL_UNCHANGED, { field: 'email' })
  // The point first: a refusal for a taken address costs one too, so addresses cannot be probed.
  await consumeOrThrow(db, 'emailChange', `user:${user.id}`, TOO_MANY_EMAIL_CHANGES)
  if (await taken(db, email, user.id)) throw new DomainError(EMAIL_TAKEN, { field: 'email' })

  const minutes = env().PASSWORD_RESET_MINUTES
  const { selector, verifierHash, token } = newLinkToken()
  await db.transaction(async (tx) => {
    // One change waits at a time: an earlier link stops working.
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id))
    await tx.insert(emailChanges).values({ selector, verifierHash, userId: user.id, newEmail: email, expiresAt: new Date(Date.now() + minutes * 60_000) })
  })
  const link = `${mail.origin}${CONFIRM_PATH}?${new URLSearchParams({ token })}`
  const lines = [`${user.nickname}，你好：`, `你在起页申请把登录邮箱改为 ${email}。打开下面的链接确认，链接${minutes}分钟内有效，只能使用一次：`]
  const tail = '如果不是你申请的，忽略这封邮件即可，邮箱不会改变。'
  await mail.mailer.send({
    to: email,
    subject: '起页：确认新的登录邮箱',
    text: `${lines.join('\n\n')}\n\n${link}\n\n${tail}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${tail}</p>`,
  })
  return { email }
}

type Row = typeof emailChanges.$inferSelect

async function findChange(db: Db | Tx, token: string, { lock }: { lock: boolean }): Promise<Row> {
  const parts = parseLinkToken(token)
  if (!parts) throw new DomainError(EMAIL_LINK_INVALID)
  const query = db.select().from(emailChanges).where(eq(emailChanges.selector, parts.selector)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  const matches = verifierMatches(parts.verifier, row?.verifierHash)
  if (!row || !matches) throw new DomainError(EMAIL_LINK_INVALID)
  if (row.expiresAt.getTime() <= Date.now()) throw new DomainError(EMAIL_LINK_EXPIRED)
  return row
}

/** The confirmation page's first look: the address the link would set, or the refusal. */
export async function checkEmailChange(db: Db, token: string) {
  return { email: (await findChange(db, token, { lock: false })).newEmail }
}

/**
 * Step two: sets the address and uses the link up, in one transaction with the row locked (of two
 * uses at once the second finds it gone). An address taken meanwhile is refused. Then the old
 * address is told (a failed notice is logged: the change stands).
 */
export async function confirmEmailChange(db: Db, token: string, mail: MailConfig | null) {
  const changed = await db.transaction(async (tx) => {
    const row = await findChange(tx, token, { lock: true })
    if (await taken(tx, row.newEmail, row.userId)) throw new DomainError(EMAIL_TAKEN)
    const [before] = await tx.select({ email: users.email, nickname: users.nickname }).from(users).where(eq(users.id, row.userId)).for('update')
    await tx.delete(emailChanges).where(eq(emailChanges.userId, row.userId))
    await tx.update(users).set({ email: row.newEmail }).where(eq(users.id, row.userId))
    return { userId: row.userId, oldEmail: before?.email ?? null, newEmail: row.newEmail, nickname: before?.nickname ?? '' }
  }).catch((error: unknown) => {
    // The unique index: someone registered the address between the check and the update.
    if (isUniqueViolation(error)) throw new DomainError(EMAIL_TAKEN)
    throw error
  })
  if (mail && changed.oldEmail) {
    const text = `${changed.nickname}，你好：\n\n你在起页的登录邮箱已改为 ${changed.newEmail}，以后请用新邮箱登录。\n\n如果这不是你本人的操作，你的账号可能已被他人登录，请尽快联系本站管理员。\n`
    await mail.mailer
      .send({ to: changed.oldEmail, subject: '起页：登录邮箱已修改', text, html: text.split('\n\n').map((p) => `<p>${escapeHtml(p.trim())}</p>`).join('') })
      .catch((error: unknown) => console.error('E-mail change notice failed:', error))
  }
  return changed
}

/** The maintenance job's sweep of links nobody used in time. */
export async function deleteExpiredEmailChanges(db: Db) {
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, new Date()))
}

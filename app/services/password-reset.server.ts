import { eq, lt } from 'drizzle-orm'
import { newLinkToken, parseLinkToken, verifierMatches } from '#app/auth/link-token.server.ts'
import { escapeHtml } from '#app/utils/escape-html.ts'
import { hashPassword } from '#app/auth/password.server.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { passwordResets, sessions, users } from '#app/db/schema/index.ts'
import { MAIL_OFF_MSG, type Mailer } from '#app/mail/mailer.server.ts'
import { env } from '#app/utils/env.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { byEmail, normaliseEmail } from './account.server.ts'

/** The one answer to a reset request, whether or not the address has an account (no enumeration). */
export const resetSentMessage = (minutes = env().PASSWORD_RESET_MINUTES) =>
  `如果该邮箱已注册，我们已向它发送了重置密码的邮件，请在${minutes}分钟内打开邮件中的链接`
export const RESET_LINK_INVALID = '重置链接无效或已被使用，请重新申请找回密码'
export const RESET_LINK_EXPIRED = '重置链接已过期，请重新申请找回密码'
export const TOO_MANY_RESETS = '找回密码的请求过于频繁，请稍后再试'
export const RESET_DONE = '密码已重置，请使用新密码登录'

/** The page the mail links to; the token rides in the query (Referrer-Policy keeps it to us). */
export const RESET_PATH = '/forget/reset-password'

/**
 * Step one (`/forget/input-email`): takes a point of the per-address and the per-IP limits, then
 * hands back the delivery without waiting for it. Looking the address up, storing the token and
 * talking to the SMTP server all happen in `delivery`, so the answer comes as fast for an unknown
 * address as for a known one.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string },
  { ip, mail }: { ip: string; mail: { mailer: Mailer; origin: string } | null },
): Promise<{ delivery: Promise<void> }> {
  if (!mail) throw new DomainError(MAIL_OFF_MSG)
  const email = normaliseEmail(input.email)
  await consumeOrThrow(db, 'passwordResetIp', ip, TOO_MANY_RESETS)
  await consumeOrThrow(db, 'passwordResetEmail', email, TOO_MANY_RESETS)
  return { delivery: deliverReset(db, email, mail.origin, mail.mailer) }
}

async function deliverReset(db: Db, email: string, origin: string, mailer: Mailer) {
  const [user] = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(byEmail(email))
    .limit(1)
  if (!user) return
  const minutes = env().PASSWORD_RESET_MINUTES
  const { selector, verifierHash, token } = newLinkToken()
  await db.insert(passwordResets).values({
    selector,
    verifierHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  })
  const link = `${origin}${RESET_PATH}?${new URLSearchParams({ token })}`
  await mailer.send({
    to: email,
    subject: '起页：重置密码',
    text: `${user.nickname}，你好：\n\n有人（希望是你）在起页申请找回密码。打开下面的链接设置新密码，链接${minutes}分钟内有效，只能使用一次：\n\n${link}\n\n如果不是你申请的，忽略这封邮件即可，你的密码不会改变。\n`,
    html: `<p>${escapeHtml(user.nickname)}，你好：</p><p>有人（希望是你）在起页申请找回密码。打开下面的链接设置新密码，链接${minutes}分钟内有效，只能使用一次：</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>如果不是你申请的，忽略这封邮件即可，你的密码不会改变。</p>`,
  })
}

type Row = typeof passwordResets.$inferSelect

/** The row a token names, its verifier compared in constant time; the refusal to show otherwise. */
async function findReset(db: Db | Tx, token: string, { lock }: { lock: boolean }): Promise<Row> {
  const parts = parseLinkToken(token)
  if (!parts) throw new DomainError(RESET_LINK_INVALID)
  const query = db.select().from(passwordResets).where(eq(passwordResets.selector, parts.selector)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  const matches = verifierMatches(parts.verifier, row?.verifierHash)
  if (!row || !matches) throw new DomainError(RESET_LINK_INVALID)
  if (row.expiresAt.getTime() <= Date.now()) throw new DomainError(RESET_LINK_EXPIRED)
  return row
}

/** The reset page's first look: throws the refusal when the link cannot be used. */
export async function checkResetToken(db: Db, token: string) {
  await findReset(db, token, { lock: false })
}

/**
 * Step two: sets the new password and ends every session of the user, in one transaction that
 * also deletes the link (and the user's other links). The row is locked first, so of two uses at
 * once the second finds it gone.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }) {
  await findReset(db, input.token, { lock: false })
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const row = await findReset(tx, input.token, { lock: true })
    await tx.delete(passwordResets).where(eq(passwordResets.userId, row.userId))
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId))
    await tx.delete(sessions).where(eq(sessions.userId, row.userId))
    return { userId: row.userId }
  })
}

/** The maintenance job's sweep of links nobody used in time. */
export async function deleteExpiredResets(db: Db) {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date()))
}

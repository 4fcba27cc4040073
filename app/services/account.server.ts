import { eq, sql } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '#app/auth/password.server.ts'
import { consumeOrThrow, isLimited, recordFailure, resetLimit } from '#app/auth/rate-limit.server.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { users, type User } from '#app/db/schema/index.ts'
import type { LoginInput, RegisterInput } from '#app/schemas/auth.ts'
import { DomainError, isUniqueViolation } from '#app/utils/errors.ts'
import { createDefaultHomepage } from './homepage-defaults.server.ts'

export const EMAIL_TAKEN = '该邮箱地址已经存在'
export const WRONG_CREDENTIALS = '邮箱或密码错误'
export const TOO_MANY_LOGINS = '登录尝试过于频繁，请稍后再试'
export const TOO_MANY_REGISTRATIONS = '注册过于频繁，请稍后再试'
/** Spec §8: what every way in says when it has made or signed in an account. */
export const REGISTERED_MSG = '注册成功，页面即将刷新'
export const SIGNED_IN_MSG = '登录成功'
export const BOUND_MSG = '绑定成功，页面即将刷新'

/** E-mail addresses are compared and stored trimmed and lower-cased, whichever edge they came from. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()
/** The user of an address, whatever its letter case. */
export const byEmail = (email: string) => sql`lower(${users.email}) = ${normaliseEmail(email)}`

export async function emailExists(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1)
  return Boolean(row)
}

/**
 * A new user and its first homepage, inside the caller's transaction: the one way an account is
 * made (e-mail registration, a social sign-in).
 */
export async function createAccount(tx: Tx, values: Pick<typeof users.$inferInsert, 'email' | 'nickname' | 'passwordHash'>): Promise<User> {
  const [user] = await tx.insert(users).values(values).returning()
  if (!user) throw new Error('user insert returned nothing')
  const homepage = await createDefaultHomepage(tx, user)
  return { ...user, currentHomepageId: homepage.id }
}

/** Creates the account with its starter homepage, all or nothing. */
export async function register(db: Db, input: RegisterInput, ip: string): Promise<User> {
  await consumeOrThrow(db, 'register', ip, TOO_MANY_REGISTRATIONS)
  if (await emailExists(db, input.email)) throw new DomainError(EMAIL_TAKEN, { field: 'email' })
  const passwordHash = await hashPassword(input.password)
  try {
    return await db.transaction((tx) => createAccount(tx, { email: normaliseEmail(input.email), nickname: input.nickname, passwordHash }))
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser sees the same message.
    if (isUniqueViolation(error)) throw new DomainError(EMAIL_TAKEN, { field: 'email' })
    throw error
  }
}

/**
 * Checks e-mail and password. Unknown e-mail and wrong password answer alike and take as long;
 * while a limit is reached even the right password is refused (no oracle, SECURITY.md §4 F41).
 */
export async function signIn(db: Db, input: LoginInput, ip: string): Promise<User> {
  const pairKey = `${normaliseEmail(input.email)}|${ip}`
  if ((await isLimited(db, 'loginEmailIp', pairKey)) || (await isLimited(db, 'loginIp', ip))) {
    throw new DomainError(TOO_MANY_LOGINS)
  }
  const [user] = await db.select().from(users).where(byEmail(input.email)).limit(1)
  const ok = await verifyPassword(input.password, user?.passwordHash ?? null)
  if (!user || !ok) {
    await recordFailure(db, 'loginEmailIp', pairKey)
    await recordFailure(db, 'loginIp', ip)
    throw new DomainError(WRONG_CREDENTIALS, { field: 'password' })
  }
  await resetLimit(db, 'loginEmailIp', pairKey)
  return user
}

export async function getUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user ?? null
}

/** The register form's on-blur check; rate-limited because it tells whether an e-mail is known. */
export async function checkEmail(db: Db, email: string, ip: string) {
  await consumeOrThrow(db, 'checkEmail', ip, '操作过于频繁，请稍后再试')
  if (await emailExists(db, email)) throw new DomainError(EMAIL_TAKEN, { field: 'email' })
}

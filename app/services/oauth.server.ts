import { and, asc, eq, lt } from 'drizzle-orm'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { hashToken } from '#app/auth/session.server.ts'
import { PROVIDER_LABELS } from '#app/auth/oauth-providers.ts'
import type { Db } from '#app/db/client.server.ts'
import { oauthStates, userIdentities, users, type User } from '#app/db/schema/index.ts'
import { plainText } from '#app/schemas/text.ts'
import { DomainError, isUniqueViolation } from '#app/utils/errors.ts'
import { createAccount, TOO_MANY_REGISTRATIONS } from './account.server.ts'
import { hasOtherWayIn, LAST_WAY_IN } from './ways-in.server.ts'

/** What a provider says about the person who signed in: its stable id, never the e-mail. */
export type SocialProfile = { provider: string; providerUserId: string; displayName: string }
export type OAuthFlow = typeof oauthStates.$inferSelect

export const OAUTH_STATE_USED = '登录请求已失效或已被使用，请重新登录'
export const OAUTH_STATE_OTHER_PROVIDER = '登录请求与登录方式不符，请重新登录'
export const OAUTH_LINK_SESSION_CHANGED = '绑定时的登录状态已改变，请在账号设置中重新绑定'
export const identityTaken = (label: string) => `该${label}账号已绑定其他起页账号，不能再绑定到当前账号`
export const otherIdentityLinked = (label: string) => `你已绑定另一个${label}账号，请先解绑`
export const identityLinked = (label: string) => `已绑定${label}账号`
export const identityUnlinked = (label: string) => `已解绑${label}账号`
export const IDENTITY_NOT_LINKED = '没有绑定这个账号'

const NICKNAME_MAX = 20

/** The start of a sign-in: the state is kept only as its hash, with what the callback needs. */
export async function saveOAuthState(
  db: Db,
  input: { provider: string; state: string; codeVerifier: string; redirectTo: string; linkUserId: number | null; minutes: number },
) {
  await db.insert(oauthStates).values({
    stateHash: hashToken(input.state),
    provider: input.provider,
    codeVerifier: input.codeVerifier,
    redirectTo: input.redirectTo,
    linkUserId: input.linkUserId,
    expiresAt: new Date(Date.now() + input.minutes * 60_000),
  })
}

/**
 * Uses a state up: the row is deleted as it is read, so of two callbacks with one state (a replay,
 * a double click) only one gets it. A state begun for another provider is refused, and used up too.
 */
export async function takeOAuthState(db: Db, provider: string, state: string): Promise<OAuthFlow> {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, hashToken(state))).returning()
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new DomainError(OAUTH_STATE_USED)
  if (row.provider !== provider) throw new DomainError(OAUTH_STATE_OTHER_PROVIDER)
  return row
}

export async function deleteExpiredOAuthStates(db: Db) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()))
}

/** The provider's name as a nickname: plain text, at most 20 characters, never empty. */
export function nicknameFrom(profile: SocialProfile) {
  const name = [...plainText(profile.displayName).trim()].slice(0, NICKNAME_MAX).join('').trim()
  return name || `${PROVIDER_LABELS[profile.provider as keyof typeof PROVIDER_LABELS] ?? ''}用户`
}

async function ownerOf(db: Db, profile: SocialProfile) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, profile.provider), eq(userIdentities.providerUserId, profile.providerUserId)))
    .limit(1)
  return row?.user ?? null
}

/**
 * A guest's social sign-in: the account this identity belongs to, or a new one (nickname from
 * the provider, no e-mail, a first homepage), made with its identity in one transaction.
 */
export async function signInWithIdentity(db: Db, profile: SocialProfile, ip: string): Promise<{ user: User; created: boolean }> {
  const known = await ownerOf(db, profile)
  if (known) return { user: known, created: false }
  await consumeOrThrow(db, 'register', ip, TOO_MANY_REGISTRATIONS)
  try {
    const user = await db.transaction(async (tx) => {
      const user = await createAccount(tx, { email: null, nickname: nicknameFrom(profile), passwordHash: null })
      await tx.insert(userIdentities).values({ userId: user.id, ...profile, displayName: profile.displayName.slice(0, 200) })
      return user
    })
    return { user, created: true }
  } catch (error) {
    // Two callbacks for one new identity at once: the unique index decides, both sign in to its account.
    const winner = isUniqueViolation(error) ? await ownerOf(db, profile) : null
    if (winner) return { user: winner, created: false }
    throw error
  }
}

/** Links an identity to a signed-in user; refused when it belongs to someone else. Returns the message to show. */
export async function linkIdentity(db: Db, user: Pick<User, 'id'>, profile: SocialProfile): Promise<string> {
  const label = PROVIDER_LABELS[profile.provider as keyof typeof PROVIDER_LABELS] ?? profile.provider
  const owner = await ownerOf(db, profile)
  if (owner && owner.id !== user.id) throw new DomainError(identityTaken(label))
  if (owner) return identityLinked(label)
  try {
    await db.insert(userIdentities).values({ userId: user.id, ...profile, displayName: profile.displayName.slice(0, 200) })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Either this provider's other account is linked already, or someone linked this one just now.
    const winner = await ownerOf(db, profile)
    throw new DomainError(winner && winner.id !== user.id ? identityTaken(label) : otherIdentityLinked(label))
  }
  return identityLinked(label)
}

export async function listIdentities(db: Db, userId: number) {
  return db
    .select({ provider: userIdentities.provider, displayName: userIdentities.displayName, createdAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt))
}

/**
 * Unlinks one provider while another way in remains (a password or another identity). The user's
 * row is locked first, so two unlinks at once cannot both take the last but one.
 */
export async function unlinkIdentity(db: Db, user: Pick<User, 'id'>, provider: string): Promise<string> {
  const label = PROVIDER_LABELS[provider as keyof typeof PROVIDER_LABELS] ?? provider
  return db.transaction(async (tx) => {
    const mine = and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, provider))
    const [target] = await tx.select({ id: userIdentities.id }).from(userIdentities).where(mine)
    if (!target) throw new DomainError(IDENTITY_NOT_LINKED)
    if (!(await hasOtherWayIn(tx, user.id, provider, { lock: true }))) throw new DomainError(LAST_WAY_IN)
    await tx.delete(userIdentities).where(eq(userIdentities.id, target.id))
    return identityUnlinked(label)
  })
}

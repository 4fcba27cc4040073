import { createHash, createHmac, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepageInvites } from '#app/db/schema/index.ts'
import { appSecret } from '#app/utils/secret.server.ts'

/** How long a link works and how many people may join with it (SECURITY G52: limited and expiring). */
export const INVITE_DAYS = 7
export const INVITE_MAX_USES = 50

/** An invite's token: HMAC(APP_SECRET, purpose and nonce), never stored; the purpose keeps a homepage's and a group's apart. */
export const inviteTokenOf = (nonce: string, purpose: 'homepage-invite' | 'group-invite' = 'homepage-invite') =>
  createHmac('sha256', appSecret()).update(`${purpose}:${nonce}`).digest('base64url')
/** What is stored of a token, and looked up by. */
export const inviteHashOf = (token: string) => createHash('sha256').update(token).digest('hex')
/** The shape of every token (a SHA-256 in base64url): anything else is not looked up. */
export const isInviteToken = (token: string) => /^[\w-]{43}$/.test(token)
const tokenOf = (nonce: string) => inviteTokenOf(nonce)
const hashOf = inviteHashOf

/** A link that still works: not revoked, not expired, not used up. */
const usable = and(
  isNull(homepageInvites.revokedAt),
  gt(homepageInvites.expiresAt, sql`now()`),
  lt(homepageInvites.useCount, homepageInvites.maxUses),
)

export type InviteLink = { token: string; expiresAt: Date; useCount: number; maxUses: number }

function linkOf(row: typeof homepageInvites.$inferSelect): InviteLink {
  return { token: tokenOf(row.nonce), expiresAt: row.expiresAt, useCount: row.useCount, maxUses: row.maxUses }
}

/** The homepage's working link, or null. */
export async function liveInvite(db: Db | Tx, homepageId: number) {
  const [row] = await db
    .select()
    .from(homepageInvites)
    .where(and(eq(homepageInvites.homepageId, homepageId), usable))
  return row ? linkOf(row) : null
}

/** Revokes the homepage's link (close, or the first half of reset): the old token stops working at once. */
export async function revokeInvites(tx: Tx, homepageId: number) {
  await tx
    .update(homepageInvites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(homepageInvites.homepageId, homepageId), isNull(homepageInvites.revokedAt)))
}

/** A new link for the homepage, replacing any other (call under the homepage's row lock). */
export async function issueInvite(tx: Tx, homepageId: number) {
  await revokeInvites(tx, homepageId)
  const nonce = randomBytes(16).toString('base64url')
  const [row] = await tx
    .insert(homepageInvites)
    .values({
      homepageId,
      nonce,
      tokenHash: hashOf(tokenOf(nonce)),
      maxUses: INVITE_MAX_USES,
      expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
    })
    .returning()
  return linkOf(row!)
}

/** The homepage a token invites to while it works, else null: wrong, expired, used up and revoked look the same. */
export async function invitedHomepageId(db: Db | Tx, token: string) {
  if (!isInviteToken(token)) return null
  const [row] = await db
    .select({ homepageId: homepageInvites.homepageId })
    .from(homepageInvites)
    .where(and(eq(homepageInvites.tokenHash, hashOf(token)), usable))
  return row?.homepageId ?? null
}

/** Counts one use of the token, in one statement so parallel joins never exceed the limit; false if it no longer works. */
export async function useInvite(tx: Tx, token: string) {
  const rows = await tx
    .update(homepageInvites)
    .set({ useCount: sql`${homepageInvites.useCount} + 1` })
    .where(and(eq(homepageInvites.tokenHash, hashOf(token)), usable))
    .returning({ homepageId: homepageInvites.homepageId })
  return rows[0]?.homepageId ?? null
}

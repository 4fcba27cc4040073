import { and, eq, inArray } from 'drizzle-orm'
import { can, type Capability, type Role } from '#app/auth/permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepageFollows, homepageMembers, homepages, users, type Homepage, type MemberPermission, type User } from '#app/db/schema/index.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'

export type Actor = User | null

/** One answer for "missing" and "not yours to see", so ids reveal nothing (SECURITY.md G50). */
export const NOT_FOUND = '内容不存在或已被删除'
export const FORBIDDEN = '您没有权限执行此操作'

/** What ties a signed-in user to a homepage they do not own. */
export type Relation = { permission: MemberPermission | null; following: boolean }
const NO_RELATION: Relation = { permission: null, following: false }

/** The actor's role on a homepage (spec §6): owner, then member rows, then follows. */
export function roleOn(actor: Actor, homepage: Homepage, relation: Relation = NO_RELATION): Role {
  if (!actor) return 'guest'
  if (homepage.userId === actor.id) return 'owner'
  if (relation.permission) return relation.permission
  return relation.following ? 'follower' : 'visitor'
}

/** The member permission and follow of one user on one homepage. */
export async function relationTo(db: Db | Tx, actor: Actor, homepage: Homepage): Promise<Relation> {
  if (!actor || homepage.userId === actor.id) return NO_RELATION
  const [member] = await db
    .select({ permission: homepageMembers.permission })
    .from(homepageMembers)
    .where(and(eq(homepageMembers.homepageId, homepage.id), eq(homepageMembers.userId, actor.id)))
  const [follow] = await db
    .select({ userId: homepageFollows.userId })
    .from(homepageFollows)
    .where(and(eq(homepageFollows.homepageId, homepage.id), eq(homepageFollows.userId, actor.id)))
  return { permission: member?.permission ?? null, following: Boolean(follow) }
}

/** Whether the actor may see the homepage at all: open ones to everyone, private ones to their people. */
export function canSee(role: Role, homepage: Homepage) {
  return homepage.isOpen || role === 'owner' || role === 'manager' || role === 'member'
}

/**
 * The one lock order of a write (ADR 029): the user's row, then the homepage's, as the page
 * versions' triggers take them (drizzle/0022). A write that locked a homepage first and then
 * waited for its owner, which the triggers bump, deadlocked with one that did the reverse.
 * `no key update`: what the triggers' UPDATE takes; it leaves foreign-key checks free.
 */
export async function lockUser(tx: Db | Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
}

/** A homepage's row (trashed or not) locked until commit, its owner's row first (lockUser). */
export async function lockHomepage(tx: Db | Tx, homepageId: number): Promise<Homepage | undefined> {
  const owner = tx.select({ id: homepages.userId }).from(homepages).where(eq(homepages.id, homepageId))
  await tx.select({ id: users.id }).from(users).where(inArray(users.id, owner)).for('no key update', { of: users })
  const [homepage] = await tx.select().from(homepages).where(eq(homepages.id, homepageId)).for('no key update')
  return homepage
}

/**
 * The homepage and the actor's role on it, or NOT_FOUND when it is missing, trashed or
 * invisible to the actor. Pass `lock` inside a transaction to hold the homepage row until commit,
 * which serialises concurrent writers of one homepage (limits, sort orders); its owner's row is
 * locked first (lockUser).
 */
export async function homepageAccess(db: Db | Tx, actor: Actor, homepageId: number, lock = false) {
  const homepage = lock
    ? await lockHomepage(db, homepageId)
    : (await db.select().from(homepages).where(eq(homepages.id, homepageId)).limit(1))[0]
  if (!homepage || homepage.deletedAt) throw new DomainError(NOT_FOUND)
  const role = roleOn(actor, homepage, await relationTo(db, actor, homepage))
  if (!canSee(role, homepage)) throw new DomainError(NOT_FOUND)
  return { homepage, role }
}

/** Like homepageAccess, and the actor must be signed in and hold the capability (or one of them). */
export async function requireCapability(
  db: Db | Tx,
  actor: Actor,
  homepageId: number,
  capability: Capability | readonly Capability[],
  lock = false,
) {
  if (!actor) throw new NotSignedInError()
  const access = await homepageAccess(db, actor, homepageId, lock)
  const needed: readonly Capability[] = typeof capability === 'string' ? [capability] : capability
  if (!needed.some((c) => can(access.role, c))) throw new DomainError(FORBIDDEN)
  return access
}

import { and, eq, isNull } from 'drizzle-orm'
import { can } from '#app/auth/permissions.ts'
import type { Db } from '#app/db/client.server.ts'
import { bags, users, type User } from '#app/db/schema/index.ts'
import type { SortMethod } from '#app/schemas/sort.ts'
import { DomainError } from '#app/utils/errors.ts'
import { FORBIDDEN, homepageAccess } from './access.server.ts'
import { getBag } from './bag.server.ts'

/** A user's own settings that follow them across homepages and devices. */

/** switch-sort-method: remembered for the user, on every homepage they open. */
export async function setBookmarkSort(db: Db, user: User, method: SortMethod) {
  await db.update(users).set({ bookmarkSort: method }).where(eq(users.id, user.id))
  return { method }
}

export type Selection = { homepageId: number; moduleId: number; bid: number }

/**
 * remember-selected {bid}: the category last picked in a move / copy / collect selector, so the
 * next one opens on it (spec §4 "Selector start-up"). Only a category the user may add to.
 */
export async function rememberSelection(db: Db, user: User, bid: number): Promise<Selection> {
  const { bag, role } = await getBag(db, user, bid)
  if (!can(role, 'add-link')) throw new DomainError(FORBIDDEN)
  const selection = { homepageId: bag.homepageId, moduleId: bag.moduleId, bid: bag.id }
  await db.update(users).set({ rememberedSelection: selection }).where(eq(users.id, user.id))
  return selection
}

/**
 * get-operate-remember: the remembered selection while it still holds (the category is live and
 * the user may still add to it), else null and the selector starts from the defaults.
 */
export async function rememberedSelection(db: Db, user: User): Promise<Selection | null> {
  const selection = user.rememberedSelection
  if (!selection) return null
  const [bag] = await db
    .select({ homepageId: bags.homepageId, moduleId: bags.moduleId })
    .from(bags)
    .where(and(eq(bags.id, selection.bid), isNull(bags.deletedAt)))
  if (!bag) return null
  try {
    const { role } = await homepageAccess(db, user, bag.homepageId)
    return can(role, 'add-link') ? { homepageId: bag.homepageId, moduleId: bag.moduleId, bid: selection.bid } : null
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
}

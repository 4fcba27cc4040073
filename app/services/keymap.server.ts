import { eq } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { users, type User } from '#app/db/schema/index.ts'
import { KEYMAP_SAME_MSG, type Keymap } from '#app/schemas/keymap.ts'
import { DomainError } from '#app/utils/errors.ts'

/** The user's shortcut keys (spec §3 userData.searchKeymap / noteKeymap). */
export function keymapOf(user: Pick<User, 'searchKeymap' | 'noteKeymap'>): Keymap {
  return { searchKeymap: user.searchKeymap, noteKeymap: user.noteKeymap }
}

/**
 * save-keymap: the user's own shortcut keys, on every homepage they own. Keys come validated
 * (schemas/keymap.ts); the rule that needs both (not the same key twice) is checked here against
 * the stored one.
 */
export async function saveKeymap(db: Db, user: User, patch: Partial<Keymap>): Promise<Keymap> {
  const next = { ...keymapOf(user), ...patch }
  if (next.searchKeymap && next.searchKeymap === next.noteKeymap) throw new DomainError(KEYMAP_SAME_MSG)
  await db.update(users).set(next).where(eq(users.id, user.id))
  return next
}

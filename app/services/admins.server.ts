import { asc, eq } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { users } from '#app/db/schema/index.ts'
import { byEmail } from './account.server.ts'

/**
 * The site's administrators (users.is_admin; ADR 034): they review discover recommendations on
 * /super/index. Set only by `npm run admin` (scripts/admin.ts), never through the app.
 */
export async function setAdmin(db: Db, email: string, isAdmin: boolean) {
  const changed = await db.update(users).set({ isAdmin }).where(byEmail(email)).returning({ id: users.id, email: users.email, nickname: users.nickname })
  return changed[0] ?? null
}

export function listAdmins(db: Db) {
  return db.select({ id: users.id, email: users.email, nickname: users.nickname }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id))
}

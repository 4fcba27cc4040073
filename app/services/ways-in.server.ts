import { and, eq, ne } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { userIdentities, users } from '#app/db/schema/index.ts'

/** Refused: unlinking the last way to sign in (GitHub, QQ, Weibo, WeChat). */
export const LAST_WAY_IN = '这是你唯一的登录方式，请先设置密码或绑定其他账号后再解绑'

/**
 * The one rule for unlinking a social way in: the user can still sign in without `provider` —
 * an e-mail with a password, or another linked provider. With `lock` (inside the unlinking
 * transaction) the user row is locked, so two unlinks at once cannot both pass.
 */
export async function hasOtherWayIn(db: Db | Tx, userId: number, provider: string, { lock = false } = {}) {
  const query = db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  const [me] = lock ? await query.for('update') : await query
  if (me?.email && me.passwordHash) return true
  const [other] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), ne(userIdentities.provider, provider)))
    .limit(1)
  return Boolean(other)
}

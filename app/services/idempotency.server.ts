import type { Db, Tx } from '#app/db/client.server.ts'
import { idempotencyKeys } from '#app/db/schema/index.ts'
import { KEY_MAX, KEY_TOO_LONG_MSG } from '#app/schemas/idempotency-key.ts'
import { DomainError } from '#app/utils/errors.ts'

/** Keys are at most 64 characters (a longer one is refused, never cut); a blank key means "no key". */
export function normaliseKey(key: string | undefined) {
  const claim = key?.trim() || undefined
  if (claim && claim.length > KEY_MAX) throw new DomainError(KEY_TOO_LONG_MSG)
  return claim
}

function isKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const e = error as { code?: unknown; constraint?: unknown; cause?: unknown }
  if (e.code === '23505' && String(e.constraint).startsWith('idempotency_keys')) return true
  return isKeyViolation(e.cause)
}

/**
 * Runs `work` in one transaction, once per (user, key): a form's one-time token, so a double
 * click or a retry does the work once. The key is claimed first in the transaction; a repeat
 * (sequential, or racing: the primary key decides, and a concurrent holder makes this wait for its
 * outcome) does nothing and answers `repeated`. A failed `work` rolls the claim back with it.
 */
export async function onceWithKey<T>(db: Db, userId: number, key: string | undefined, repeated: T, work: (tx: Tx) => Promise<T>): Promise<T> {
  const claim = normaliseKey(key)
  try {
    return await db.transaction(async (tx) => {
      if (claim) {
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({ userId, key: claim })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
        if (!claimed.length) return repeated
      }
      return await work(tx)
    })
  } catch (error) {
    if (claim && isKeyViolation(error)) return repeated
    throw error
  }
}

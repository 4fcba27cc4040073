import { eq, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { CONFIRM_LOGOFF } from '#app/schemas/auth.ts'
import { homepages, sourceReports, sources, uploads, users, type User } from '#app/db/schema/index.ts'
import { deleteInSteps } from '#app/db/steps.server.ts'
import { removeUnreferencedUploads } from '#app/uploads/records.server.ts'
import type { UploadStorage } from '#app/uploads/storage.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { handOverGroups } from './groups.server.ts'
import { confirmHolder } from './user-account.server.ts'

/**
 * Account deletion (注销账号, /user/logoff; ADR 021): immediate, no grace period. The user's row
 * goes in one transaction and every table keyed by it follows by its foreign key (ON DELETE
 * CASCADE: homepages with their modules, categories, bookmarks and notes, memberships and follows
 * anywhere, sessions, identities, notices, imports, history…); the few rows kept for others are
 * made anonymous, and a group with other people in it passes to one of them. The page-cache triggers bump every homepage that lost a member or follower.
 */

export const ACCOUNT_DELETED = '账号已注销，你在起页的数据已全部删除'
export const NICKNAME_MISMATCH = '输入的昵称与当前昵称不一致'
export const CONFIRM_REQUIRED = CONFIRM_LOGOFF

export type DeleteAccountInput = { password?: string; nickname?: string; confirm: boolean }

/**
 * Confirms the holder (the password; for an account without one, a recent sign-in, and its
 * nickname typed as the confirmation), then deletes.
 */
export async function deleteAccount(
  db: Db,
  user: User,
  input: DeleteAccountInput,
  { storage, sessionToken }: { storage?: UploadStorage; sessionToken: string | undefined },
) {
  if (!input.confirm) throw new DomainError(CONFIRM_REQUIRED, { field: 'confirm' })
  await confirmHolder(db, user, { current: input.password, sessionToken, field: 'password' })
  if (!user.passwordHash && (input.nickname ?? '').trim() !== user.nickname) throw new DomainError(NICKNAME_MISMATCH, { field: 'nickname' })

  // The bookmarks of the user's homepages first, in steps (ADR 024: up to 50,000 of them).
  await deleteInSteps(db, sources, sql`${sources.homepageId} in (select id from ${homepages} where user_id = ${user.id})`)
  const names = await db.transaction(async (tx) => {
    // Collected before the cascade sets uploads.user_id to null.
    const own = await tx.select({ name: uploads.name }).from(uploads).where(eq(uploads.userId, user.id))
    // Reports the user sent stay for the moderators, without who sent them.
    await tx.update(sourceReports).set({ userId: null, ip: null }).where(eq(sourceReports.userId, user.id))
    // Groups with other people pass to them (ADR 032); the rest go with the account.
    await handOverGroups(tx, user.id)
    await tx.delete(users).where(eq(users.id, user.id))
    return own.map((row) => row.name)
  })
  // Files after the commit: a rollback never leaves rows naming files already gone.
  await removeUnreferencedUploads(db, names, storage)
}

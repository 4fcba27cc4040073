import { and, eq, inArray } from 'drizzle-orm'
import { can, type Role } from '#app/auth/permissions.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { sources, type Source } from '#app/db/schema/index.ts'
import { DomainError } from '#app/utils/errors.ts'

/**
 * Privacy belongs to the owner (spec §6: the owner "sets private flag"). A bookmark's 仅自己可见
 * flag and its remark (sources.is_private, private_remark) are written only through the rule
 * below, on every path that writes a bookmark: the link form and /api/source/add, folders,
 * dividers and notes, change-private, move and copy (batch, source/operation, children/move,
 * children/choose, collecting), and the importer to come.
 */

export type Privacy = Pick<Source, 'isPrivate' | 'privateRemark'>

export const PUBLIC: Privacy = { isPrivate: false, privateRemark: '' }

/** A move out of its homepage of a bookmark the actor sees as 未公开链接 (or of a folder holding one). */
export const PRIVATE_STAYS_MSG = '未公开链接不能移到其他主页'

/**
 * The flag and remark a write leaves on a bookmark. `role` is the actor's role on the homepage
 * the bookmark is in after the write; `asked` is what a form sends (nothing for a move or a copy);
 * `had` is what the bookmark had (a copy: its original's; nothing for a new one).
 * - The owner gets what they ask for (the remark only with the flag); asking nothing keeps what it had.
 * - Anyone else changes nothing, whatever the form sends: an edit keeps what the bookmark had, a
 *   copy carries its original's (a copy never makes a link public), a new bookmark is public.
 */
export function privacyAfterWrite(role: Role, { asked, had }: { asked?: Privacy; had?: Privacy }): Privacy {
  if (asked && can(role, 'set-private')) return asked.isPrivate ? { isPrivate: true, privateRemark: asked.privateRemark } : PUBLIC
  return had ? { isPrivate: had.isPrivate, privateRemark: had.privateRemark } : PUBLIC
}

/**
 * A move keeps a bookmark's privacy, so one the actor may not see (their 未公开链接) never leaves
 * its homepage: in another homepage its owner would see it. The same for a folder holding one
 * (its children, trashed ones too, go with it). `role` is the actor's role where the rows are.
 * Copies need no check here: a masked bookmark cannot be copied, and a folder's copy leaves such
 * children out.
 */
export async function assertPrivacyStays(tx: Db | Tx, rows: Source[], role: Role, toHomepageId: number) {
  if (can(role, 'view-private')) return
  const leaving = rows.filter((r) => r.homepageId !== toHomepageId)
  if (leaving.some((r) => r.isPrivate)) throw new DomainError(PRIVATE_STAYS_MSG)
  const folders = leaving.filter((r) => r.type === 'folder').map((r) => r.id)
  if (!folders.length) return
  const [hidden] = await tx
    .select({ id: sources.id })
    .from(sources)
    .where(and(inArray(sources.parentId, folders), eq(sources.isPrivate, true)))
    .limit(1)
  if (hidden) throw new DomainError(PRIVATE_STAYS_MSG)
}

import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/db/client.server.ts'
import { homepages, skinHistory, type Homepage, type User } from '#app/db/schema/index.ts'
import {
  applyPick,
  cleanBackground,
  CUSTOM_MSG,
  PICTURE_MSG,
  type CustomSkin,
  type SkinBackground,
  type SkinPick,
} from '#app/schemas/skin-background.ts'
import { SKIN_CATEGORIES } from '#app/skins/library.ts'
import { skinPicture, skinPicturesOf } from '#app/skins/library.server.ts'
import { storeSkinImage } from '#app/uploads/image.server.ts'
import { removeUnreferencedUploads } from '#app/uploads/records.server.ts'
import type { UploadStorage } from '#app/uploads/storage.server.ts'
import { isUploadPath, UPLOAD_PREFIX } from '#app/uploads/upload-path.ts'
import { DomainError, NotSignedInError, SIGNED_IN_ONLY_MSG } from '#app/utils/errors.ts'
import { skinCookie } from '#app/utils/preference-cookies.server.ts'
import { NOT_FOUND, type Actor, homepageAccess, requireCapability } from './access.server.ts'

/**
 * Skin backgrounds (spec §3 Skin, §4 Skin save, §5 custom skin upload): the built-in library
 * (app/skins/, ADR 020), the 15 colour groups, a user's uploads (table skin_history), opacity and
 * blur. The owner's background is in the homepage's skin JSON (written only here and by
 * skin.server.ts); anyone else's in the qy_skin cookie (dialogs/skin.server.ts).
 */

export const BACKGROUND_SAVED_MSG = '设置成功'
export const UPLOADED_MSG = '上传成功'
export const HISTORY_DELETED_MSG = '删除成功'
/** A user's upload history keeps (and lists) their newest 20 uploads; an upload past that drops the oldest. */
export const SKIN_HISTORY_LIMIT = 20

type Effects = { opacity: number; fuzzy: number }
const pictureUrl = (skinId: number) => skinPicture(skinId)?.img_url

/** A stored background (skin JSON, cookie) as far as it is still valid. */
export const backgroundOf = (raw: unknown): SkinBackground => cleanBackground(raw, pictureUrl)
export const homepageBackground = (homepage: Homepage): SkinBackground => backgroundOf(homepage.skin)

/** The viewer's own background from the qy_skin cookie, or null where they chose none. */
export async function readSkinCookie(request: Request): Promise<SkinBackground | null> {
  const background = backgroundOf(await skinCookie.parse(request.headers.get('Cookie')))
  return background.type === 'none' ? null : background
}

/** What a page shows: the owner sees the homepage's; anyone else their own choice, else the homepage's. */
export async function viewerBackground(request: Request, own: boolean, homepage: Homepage) {
  return (own ? null : await readSkinCookie(request)) ?? homepageBackground(homepage)
}

/**
 * A viewer's own background after a pick or the sliders (for their qy_skin cookie): from what
 * they see now on that homepage (their cookie's, else the homepage's).
 */
export async function viewerBackgroundAfter(db: Db, actor: Actor, request: Request, homepageId: number, change: { pick: SkinPick } | { effects: Effects }) {
  const { homepage } = await homepageAccess(db, actor, homepageId)
  const current = (await readSkinCookie(request)) ?? homepageBackground(homepage)
  return 'pick' in change ? pickedBackground(db, actor, current, change.pick) : { ...current, ...change.effects }
}

/** GET category: the library's tabs. */
export const skinCategories = () => SKIN_CATEGORIES

/** GET get-skin {cur_cid}: one category's pictures. */
export const skinPictures = (cid: number) => skinPicturesOf(cid)

/** The library category a picture is in (0, the first, when it is not in the library). */
export const skinCategoryOf = (skinId: number) => skinPicture(skinId)?.cate_id ?? 0

/**
 * The background after a pick, checked: the picture is in the library, an uploaded one is in the
 * viewer's own history (guests have none: the login dialog).
 */
export async function pickedBackground(db: Db | Tx, actor: Actor, current: SkinBackground, pick: SkinPick): Promise<SkinBackground> {
  if (pick.skin_id !== undefined && !skinPicture(pick.skin_id)) throw new DomainError(PICTURE_MSG, { field: 'skin_id' })
  if (pick.skin_id === undefined && pick.image !== undefined) {
    if (!actor) throw new NotSignedInError(SIGNED_IN_ONLY_MSG)
    const [row] = await db
      .select({ id: skinHistory.id })
      .from(skinHistory)
      .where(and(eq(skinHistory.userId, actor.id), eq(skinHistory.key, pick.image)))
    if (!row) throw new DomainError(CUSTOM_MSG, { field: 'image' })
  }
  return applyPick(current, pick, pictureUrl)
}

/** Writes a background into the homepage's skin JSON (theme kept); owner only, the row locked. */
async function updateBackground(db: Db, actor: Actor, homepageId: number, next: (current: SkinBackground, tx: Tx) => Promise<SkinBackground> | SkinBackground) {
  return db.transaction(async (tx) => {
    const { homepage } = await requireCapability(tx, actor, homepageId, 'edit-settings', true)
    const background = await next(homepageBackground(homepage), tx)
    await tx.update(homepages).set({ skin: { ...homepage.skin, ...background } }).where(eq(homepages.id, homepageId))
    return background
  })
}

/** POST save: the owner picks a picture, an upload or a colour (with repeat, opacity, blur). */
export function saveBackground(db: Db, actor: Actor, homepageId: number, pick: SkinPick) {
  return updateBackground(db, actor, homepageId, (current, tx) => pickedBackground(tx, actor, current, pick))
}

/** The sliders: opacity and blur of the homepage's background. */
export function saveEffects(db: Db, actor: Actor, homepageId: number, effects: Effects) {
  return updateBackground(db, actor, homepageId, (current) => ({ ...current, ...effects }))
}


/** GET history-list: the user's uploads, newest first. */
export async function listSkinHistory(db: Db, user: User): Promise<CustomSkin[]> {
  const rows = await db
    .select()
    .from(skinHistory)
    .where(eq(skinHistory.userId, user.id))
    .orderBy(desc(skinHistory.createdAt), desc(skinHistory.id))
    .limit(SKIN_HISTORY_LIMIT)
  return rows.map((r) => ({ id: r.id, key: r.key, url: r.thumb }))
}

/**
 * POST upload: checks and re-encodes the picture (app/uploads/image.server.ts: jpeg/png/webp,
 * 3 MB), stores it with its thumbnail and puts it first in the user's history, which keeps the
 * newest SKIN_HISTORY_LIMIT (one transaction, as recent icons are kept: icons.server.ts). The
 * files of the rows dropped go at once unless some other row still names them (a homepage's
 * skin, another history row: uploads/records.server.ts). A refusal writes nothing.
 */
export async function uploadCustomSkin(db: Db, user: User, bytes: Buffer, storage?: UploadStorage): Promise<CustomSkin> {
  const { src, thumb } = await storeSkinImage(bytes, { db, userId: user.id, storage })
  const { row, dropped } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(skinHistory)
      .values({ userId: user.id, key: src, thumb, createdAt: sql`now()` })
      .onConflictDoUpdate({ target: [skinHistory.userId, skinHistory.key], set: { thumb, createdAt: sql`now()` } })
      .returning()
    const newest = tx
      .select({ id: skinHistory.id })
      .from(skinHistory)
      .where(eq(skinHistory.userId, user.id))
      .orderBy(desc(skinHistory.createdAt), desc(skinHistory.id))
      .limit(SKIN_HISTORY_LIMIT)
    const dropped = await tx
      .delete(skinHistory)
      .where(and(eq(skinHistory.userId, user.id), notInArray(skinHistory.id, newest)))
      .returning({ key: skinHistory.key, thumb: skinHistory.thumb })
    return { row: row!, dropped }
  })
  // Files after the commit: a rollback never leaves rows naming files already gone.
  const names = dropped.flatMap((r) => [r.key, r.thumb]).filter(isUploadPath).map((path) => path.slice(UPLOAD_PREFIX.length))
  await removeUnreferencedUploads(db, [...new Set(names)], storage)
  return { id: row.id, key: row.key, url: row.thumb }
}

/** POST delete-history {id}: one of the user's own uploads leaves the history (the clean-up deletes the file once nothing shows it). */
export async function deleteSkinHistory(db: Db, user: User, id: number) {
  const deleted = await db
    .delete(skinHistory)
    .where(and(eq(skinHistory.id, id), eq(skinHistory.userId, user.id)))
    .returning({ id: skinHistory.id })
  if (!deleted.length) throw new DomainError(NOT_FOUND)
  return { id }
}

import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { iconHistory, type User } from '#app/db/schema/index.ts'
import { hasIconCategory, iconCategories, libraryIcon, listIcons } from '#app/icons/library.server.ts'
import {
  HISTORY_CATEGORY_ID,
  ICON_HISTORY_LIMIT,
  ICON_PAGE_SIZE,
  ICON_REQUIRED_MSG,
  type IconListQuery,
  type IconUseInput,
} from '#app/schemas/icon.ts'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { DomainError } from '#app/utils/errors.ts'

/** An icon as the selector and /api show it; `icon` is the address to draw it from. */
export type IconView = { id: string; key: string; icon: string; name: string; type: 'font' | 'image' }
export type IconCategoryView = { id: string; name: string; type: 'font' | 'history' }

function imageIcon(key: string): IconView {
  return { id: key, key, icon: key, name: '自定义图标', type: 'image' }
}

/** The stored form of a picked icon, or the 请选择图标 failure. */
function validIcon({ key, type }: IconUseInput): IconView {
  if (type === 'font') {
    const icon = libraryIcon(key)
    if (icon) return icon
  } else if (isUploadPath(key)) {
    return imageIcon(key)
  }
  throw new DomainError(ICON_REQUIRED_MSG, { field: 'key' })
}

/**
 * Remembers that the user picked an icon: it moves to the front of their recent icons, and only
 * the newest ten are kept (spec §9). One transaction, so the list never holds more.
 */
export async function recordIconUse(db: Db, user: User, input: IconUseInput): Promise<IconView> {
  const icon = validIcon(input)
  // Strictly after the user's newest entry, so the order holds even within one clock tick.
  const usedAt = sql`greatest(now(), (select max(h.used_at) + interval '1 microsecond' from icon_history h where h.user_id = ${user.id}))`
  await db.transaction(async (tx) => {
    await tx
      .insert(iconHistory)
      .values({ userId: user.id, key: icon.key, type: icon.type, usedAt })
      .onConflictDoUpdate({ target: [iconHistory.userId, iconHistory.key], set: { type: icon.type, usedAt } })
    const newest = tx
      .select({ id: iconHistory.id })
      .from(iconHistory)
      .where(eq(iconHistory.userId, user.id))
      .orderBy(desc(iconHistory.usedAt), desc(iconHistory.id))
      .limit(ICON_HISTORY_LIMIT)
    await tx.delete(iconHistory).where(and(eq(iconHistory.userId, user.id), notInArray(iconHistory.id, newest)))
  })
  return icon
}

/**
 * An icon saved with a form joins the recent icons, whichever way it was picked. One the library
 * no longer has is simply not remembered: the save itself has already succeeded.
 */
export async function rememberIcon(db: Db, user: User, key: string) {
  await recordIconUse(db, user, { key, type: isUploadPath(key) ? 'image' : 'font' }).catch((error: unknown) => {
    if (!(error instanceof DomainError)) throw error
  })
}

/** The user's recent icons, newest first (at most ten); none for guests. */
export async function recentIcons(db: Db, user: User | null): Promise<IconView[]> {
  if (!user) return []
  const rows = await db
    .select({ key: iconHistory.key, type: iconHistory.type })
    .from(iconHistory)
    .where(eq(iconHistory.userId, user.id))
    .orderBy(desc(iconHistory.usedAt), desc(iconHistory.id))
    .limit(ICON_HISTORY_LIMIT)
  // An icon a later version of the library dropped is skipped rather than drawn blank.
  return rows.flatMap((row) => (row.type === 'image' ? [imageIcon(row.key)] : (libraryIcon(row.key) ?? [])))
}

/** The selector's categories: 最近使用 first for a user with history, then the library's. */
export async function iconCategoryList(db: Db, user: User | null): Promise<IconCategoryView[]> {
  const hasHistory = user
    ? (await db.select({ id: iconHistory.id }).from(iconHistory).where(eq(iconHistory.userId, user.id)).limit(1)).length > 0
    : false
  const library: IconCategoryView[] = iconCategories()
  return hasHistory ? [{ id: HISTORY_CATEGORY_ID, name: '最近使用', type: 'history' }, ...library] : library
}

/**
 * One page of icons of a category (or of all, without one), filtered by a keyword (English name
 * and tags, or Chinese words). `history` is the user's recent icons, keyword ignored.
 */
export async function iconList(db: Db, user: User | null, input: Partial<IconListQuery>) {
  const page = input.page ?? 1
  const size = input.size ?? ICON_PAGE_SIZE
  if (input.id === HISTORY_CATEGORY_ID) {
    const recent = await recentIcons(db, user)
    return { list: recent.slice((page - 1) * size, page * size), total: recent.length, page, size }
  }
  if (input.id && !hasIconCategory(input.id)) throw new DomainError('图标分类不存在')
  return listIcons({ categoryId: input.id, keyword: input.keyword, page, size })!
}


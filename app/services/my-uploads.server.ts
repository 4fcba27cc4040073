import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { bags, discoverSites, groupBookmarks, groupCategories, groups, homepages, iconHistory, modules, notes, skinHistory, sources, uploads, users } from '#app/db/schema/index.ts'
import { removeUnreferencedUploads, UPLOAD_REFERENCES } from '#app/uploads/records.server.ts'
import { UPLOAD_PREFIX } from '#app/uploads/upload-path.ts'
import { DomainError } from '#app/utils/errors.ts'
import type { Actor } from './access.server.ts'

/**
 * /upload (spec §2): the signed-in user's uploads — the rows of `uploads` they were the last to
 * upload (the same bytes are one file, ADR 008) — with where each is used, and deleting one
 * nothing uses (records.server.ts removeUnreferencedUploads: under the clean-up's row lock).
 */

/** What each referencing column is, in words (every column of UPLOAD_REFERENCES has one). */
const USE_LABELS = new Map<(typeof UPLOAD_REFERENCES)[number], string>([
  [homepages.icon, '主页图标'],
  [homepages.skin, '主页皮肤'],
  [modules.icon, '模块图标'],
  [bags.icon, '分类图标'],
  [sources.icon, '书签图标'],
  [iconHistory.key, '最近使用的图标'],
  [users.avatar, '头像'],
  [skinHistory.key, '自定义皮肤'],
  [skinHistory.thumb, '皮肤缩略图'],
  [notes.content, '笔记'],
  [groups.icon, '小组图标'],
  [groups.banner, '小组横幅'],
  [groupCategories.icon, '小组分类图标'],
  [groupBookmarks.icon, '小组书签图标'],
  [discoverSites.icon, '发现网站图标'],
])

export const MY_UPLOADS_PAGE = 30
export const UPLOAD_IN_USE_MSG = '这张图片正在使用，不能删除'
export const UPLOAD_DELETED_MSG = '已删除'
export const UPLOAD_NOT_FOUND_MSG = '图片不存在或已删除'

export type MyUpload = { name: string; src: string; kind: string; bytes: number; uploadedAt: Date; uses: { label: string; count: number }[] }

/** One page of the user's uploads, newest first, each with where it is used (one scan per referencing column for the page's names). */
export async function myUploads(db: Db, actor: NonNullable<Actor>, page: number) {
  const mine = eq(uploads.userId, actor.id)
  const [total] = await db.select({ n: count() }).from(uploads).where(mine)
  const rows = await db
    .select()
    .from(uploads)
    .where(mine)
    .orderBy(desc(uploads.uploadedAt), desc(uploads.name))
    .offset((page - 1) * MY_UPLOADS_PAGE)
    .limit(MY_UPLOADS_PAGE)
  const uses = new Map<string, { label: string; count: number }[]>()
  if (rows.length) {
    const names = rows.map((row) => row.name)
    for (const [column, label] of USE_LABELS) {
      const found = await db.execute(sql`
        select m.name, count(*)::int as n from (
          select (regexp_matches(${column}::text, ${`${UPLOAD_PREFIX}([0-9a-f]{32}\\.[a-z]+)`}, 'g'))[1] as name
          from ${column.table} where ${column}::text like ${`%${UPLOAD_PREFIX}%`}
        ) m where m.name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)}) group by m.name`)
      // node-postgres and PGlite both answer `{ rows }`.
      for (const row of (found as unknown as { rows: { name: string; n: number }[] }).rows) uses.set(row.name, [...(uses.get(row.name) ?? []), { label, count: Number(row.n) }])
    }
  }
  const list: MyUpload[] = rows.map((row) => ({
    name: row.name,
    src: `${UPLOAD_PREFIX}${row.name}`,
    kind: row.kind,
    bytes: row.bytes,
    uploadedAt: row.uploadedAt,
    uses: uses.get(row.name) ?? [],
  }))
  return { list, total: total!.n, page, pages: Math.max(1, Math.ceil(total!.n / MY_UPLOADS_PAGE)) }
}

/** Deletes one of the user's uploads that nothing uses; refused while anything (anyone's) names it. */
export async function deleteMyUpload(db: Db, actor: NonNullable<Actor>, name: string) {
  const [row] = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, actor.id)))
  if (!row) throw new DomainError(UPLOAD_NOT_FOUND_MSG)
  const gone = await removeUnreferencedUploads(db, [row.name])
  if (!gone.length) throw new DomainError(UPLOAD_IN_USE_MSG)
}


import { and, asc, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { bags, discoverSites, groupBookmarks, groupCategories, groups, homepages, iconHistory, modules, notes, skinHistory, sources, uploads, users } from '#app/db/schema/index.ts'
import { type UploadStorage, uploadStorage } from '#app/uploads/storage.server.ts'
import { UPLOAD_EXTS, UPLOAD_PREFIX } from '#app/uploads/upload-path.ts'

/**
 * Uploaded files in the database (table `uploads`) and their clean-up: a file that no row of the
 * app names is deleted once its last upload is older than the grace period (ADR 008).
 */

/** How long an upload may stay unused: time to fill in the form it was uploaded for. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000

/** The kind of a file found on disk without a row (stored before uploads were recorded). */
export const UNRECORDED_KIND = 'unrecorded'

/**
 * Every column that can hold an `/uploads/` path, as a plain value (`icon`) or anywhere inside a
 * document (`skin`'s image): a file is in use while any row of these names it. A new column that
 * holds upload paths must be added here; uploads.server.test.ts fails until every text and JSON
 * column of the schema is either here or listed there as never holding one.
 */
export const UPLOAD_REFERENCES = [
  homepages.icon,
  homepages.skin,
  modules.icon,
  bags.icon,
  sources.icon,
  iconHistory.key,
  users.avatar,
  skinHistory.key,
  skinHistory.thumb,
  notes.content,
  groups.icon,
  groups.banner,
  groupCategories.icon,
  groupBookmarks.icon,
  discoverSites.icon,
] as const

/** Records an upload, or refreshes it: the same bytes uploaded again start the grace period again. */
export async function recordUpload(db: Db, input: { name: string; kind: string; bytes: number; userId: number | null }) {
  await db
    .insert(uploads)
    .values({ ...input, uploadedAt: sql`now()` })
    .onConflictDoUpdate({ target: uploads.name, set: { kind: input.kind, bytes: input.bytes, userId: input.userId, uploadedAt: sql`now()` } })
}

const UPLOAD_NAME_IN_TEXT = `${UPLOAD_PREFIX}([0-9a-f]{32}\\.(?:${UPLOAD_EXTS.join('|')}))`

/** The names of every upload some row refers to (one scan of each referencing column). */
function referencedNames(): SQL {
  const scans = UPLOAD_REFERENCES.map(
    (column) =>
      sql`select (regexp_matches(${column}::text, ${UPLOAD_NAME_IN_TEXT}, 'g'))[1] from ${column.table} where ${column}::text like ${`%${UPLOAD_PREFIX}%`}`,
  )
  return sql.join(scans, sql` union `)
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

/**
 * The clean-up (run by the maintenance job): first every file on disk without a row gets one
 * dated now, so it enters the grace period; then uploads older than the grace period that no row
 * refers to are deleted, files (with their resized copies) first, then the row.
 *
 * Safe with several app processes: each batch locks its rows (`for update skip locked`) and
 * deletes the files while holding the lock, and an upload writes its row before its file, so an
 * upload of the same bytes waits for the delete and then stores the file afresh.
 */
export async function cleanUpUploads(
  db: Db,
  { storage = uploadStorage(), graceMs = UPLOAD_GRACE_MS, batchSize = 200 }: { storage?: UploadStorage; graceMs?: number; batchSize?: number } = {},
) {
  let registered = 0
  for (const files of chunks(await storage.list(), 500)) {
    const rows = await db
      .insert(uploads)
      .values(files.map((file) => ({ name: file.name, kind: UNRECORDED_KIND, bytes: file.bytes, userId: null })))
      .onConflictDoNothing()
      .returning({ name: uploads.name })
    registered += rows.length
  }

  const deleted: string[] = []
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(lt(uploads.uploadedAt, sql`now() - make_interval(secs => ${graceMs / 1000})`), sql`${uploads.name} not in (${referencedNames()})`))
        .orderBy(asc(uploads.uploadedAt))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      const names = rows.map((row) => row.name)
      for (const name of names) await storage.remove(name)
      if (names.length) await tx.delete(uploads).where(inArray(uploads.name, names))
      return names
    })
    deleted.push(...batch)
    if (batch.length < batchSize) break
  }
  return { registered, deleted }
}

/**
 * Deletes, at once, those of `names` that no row refers to any more (a deleted account's uploads):
 * the clean-up's batch without its grace period, under the same row lock, so an upload of the same
 * bytes meanwhile waits and then stores the file afresh. What fails here the hourly clean-up does later.
 */
export async function removeUnreferencedUploads(db: Db, names: string[], storage: UploadStorage = uploadStorage()) {
  if (!names.length) return []
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ name: uploads.name })
      .from(uploads)
      .where(and(inArray(uploads.name, names), sql`${uploads.name} not in (${referencedNames()})`))
      .for('update', { skipLocked: true })
    const gone = rows.map((row) => row.name)
    for (const name of gone) await storage.remove(name)
    if (gone.length) await tx.delete(uploads).where(inArray(uploads.name, gone))
    return gone
  })
}

import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm'
import { BookmarkFileError, parseBookmarkFile, type ParsedFile } from '#app/bookmark-files/parse.ts'
import type { Db, Tx } from '#app/db/client.server.ts'
import { recordset } from '#app/db/recordset.ts'
import { deleteInSteps, nextTurn, STEP_ROWS } from '#app/db/steps.server.ts'
import {
  bags,
  bookmarkImports,
  homepages,
  type ImportReport,
  importFolders,
  importLinks,
  importRuns,
  type ImportSkip,
  modules,
  sources,
  type User,
} from '#app/db/schema/index.ts'
import { can } from '#app/auth/permissions.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { previewHref } from '#app/schemas/import.ts'
import { plainText } from '#app/schemas/text.ts'
import { LinkUrl, MAX_CHILDREN, TOO_MANY_CHILDREN } from '#app/schemas/content.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { type Actor, NOT_FOUND, requireCapability } from './access.server.ts'
import { logBookmarks } from './bookmark-log.server.ts'
import { assertBookmarkRoom, importOverBookmarkLimit } from './bookmark-limit.server.ts'
import { removeUntouchedStarter } from './homepage.server.ts'
import { assertModuleRoom } from './module.server.ts'
import { notify } from './notices.server.ts'
import { onceWithKey } from './idempotency.server.ts'
import { type FileFolder, type FileLink, type ImportPlan, type ImportTarget, planImport, type PlanCategory, type PlanFolder, type PlanLink, urlKey } from './import-plan.ts'
import { nextPosition, renumber } from './ordering.server.ts'
import { searchColumns } from './search-index.ts'
import { countedChildren } from './source-move.server.ts'

/**
 * Browser bookmark files (spec §4 Import dialog, §7 /api/import/*, /api/source/import): an upload
 * is parsed once and stored as folders and links (bookmark_imports); the preview reads those rows;
 * an import writes the picked part into a homepage in one transaction (all of it or none of it,
 * once per form key) and records what it added, so it can be undone exactly.
 */

export const UPLOADED_MSG = '上传成功'
export const IMPORTED_MSG = '导入成功'
export const UNDONE_MSG = '已撤销这次导入'
export const ALREADY_UNDONE = '这次导入已经撤销'
export const NOTHING_PICKED = '请选择要导入的文件夹或书签'
/** Picked, but nothing of it is in the file (or all of it was skipped): no run, no notice. */
export const NOTHING_IMPORTED = '没有可导入的书签'
export const HISTORY_SIZE = 5
/** Rows per statement (PERFORMANCE.md: batch writes, one statement per ~1,000 rows), and per step of long work (ADR 024). */
export const CHUNK = STEP_ROWS
/** What a file keeps of a name or a description: the import trims to the product's limits later. */
const STORED_TEXT = 1000

const live = isNull(sources.deletedAt)

// ---------------------------------------------------------------------------------------------
// Upload: parse once, store the file as rows

function classify(raw: string): { url: string | null; skip: ImportSkip | null } {
  const parsed = LinkUrl.safeParse(raw)
  if (parsed.success) return { url: parsed.data, skip: null }
  // A scheme other than http(s) (javascript:, data:, place:, file:, chrome:, ftp: …) is not a web page.
  return { url: null, skip: /^[a-z][a-z0-9+.-]*:/i.test(raw.trim()) && !/^https?:/i.test(raw.trim()) ? 'scheme' : 'invalid' }
}

const stored = (text: string) => {
  const plain = plainText(text)
  // No more code points than UTF-16 units: a short text is kept as it is, not split into characters.
  return plain.length <= STORED_TEXT ? plain : Array.from(plain).slice(0, STORED_TEXT).join('')
}

/** `n` fresh ids of a serial column, so rows that point at each other go in as one batch each. */
async function reserveIds(tx: Tx, table: string, n: number): Promise<number[]> {
  if (!n) return []
  // The sequence is looked up once (offset 0 keeps the subquery from being folded into every row).
  const result = await tx.execute(sql`
    select nextval(s.seq)::int as id
    from (select pg_get_serial_sequence(${table}, 'id')::regclass as seq offset 0) s, generate_series(1, ${n})`)
  return rowsOf<{ id: number }>(result).map((r) => r.id)
}

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK))
}

/**
 * A bookmark or folder of an import as insertSources writes it (the columns, snake_case): what is
 * the same for all of them (homepage, run, type) is given once, and a null is left out.
 */
type ImportedSource = {
  /** Folders come with the ids reserved for them; links take the next ones (the column's default). */
  id?: number
  bag_id: number
  parent_id?: number
  sort_key: number
  created_at: Date
  name: string
  url?: string
  note: string
  search_text: string
  search_grams: string[]
}

const IMPORTED_SOURCE = {
  id: 'integer',
  bag_id: 'integer',
  parent_id: 'integer',
  sort_key: 'integer',
  created_at: 'timestamptz',
  name: 'text',
  url: 'text',
  note: 'text',
  search_text: 'text',
  search_grams: 'text[]',
}

/** Imported bookmarks, one statement per CHUNK rows read from one JSON parameter (recordset), which keeps budget 7. */
async function insertSources(tx: Tx, at: { homepageId: number; runId: number }, type: 'link' | 'folder', rows: ImportedSource[]) {
  // Folders come with their reserved ids; links take the column's default, nextval of its sequence
  // (not nextval(pg_get_serial_sequence(…)): a catalog lookup for every row, ~100 ms in 10,000 on PGlite).
  const [idColumn, idValue] = type === 'folder' ? [sql.raw('id, '), sql.raw('x.id, ')] : [sql.empty(), sql.empty()]
  await insertChunks(rows, (chunk) =>
    tx.execute(sql`
      insert into ${sources} (${idColumn}homepage_id, bag_id, parent_id, import_run_id, sort_key, created_at, type, name, url, note, search_text, search_grams)
      select ${idValue}${at.homepageId}::int, x.bag_id, x.parent_id, ${at.runId}::int,
        x.sort_key, x.created_at, ${type}, x.name, x.url, x.note, x.search_text, x.search_grams
      from ${recordset(chunk, IMPORTED_SOURCE)}`),
  )
}

const IMPORT_LINK = {
  folder_id: 'integer',
  position: 'integer',
  name: 'text',
  raw_url: 'text',
  url: 'text',
  skip: 'text',
  description: 'text',
  add_date: 'timestamptz',
}

/** Issue 21, ADR 024: bookmark files a user may upload in a day (each is up to 100,000 rows to store). */
export const UPLOADS_A_DAY = 20
export const TOO_MANY_UPLOADS = `每天最多上传${UPLOADS_A_DAY}个书签文件，请明天再试`

/**
 * Stores an uploaded file: parsed first (a BookmarkFileError is the user's message), then written
 * in steps of CHUNK rows, each its own transaction with a turn of the event loop between, so a
 * 2 MB file (~56,000 links) never holds PGlite for long (ADR 024). The file is marked stored in
 * the last step: until then nobody sees it, and one a crash left half-stored is removed by the
 * user's next upload. The user keeps the newest five. Answers the new import's id (the fileId).
 */
export async function storeBookmarkFile(db: Db, actor: Actor, input: { fileName: string; bytes: Uint8Array }): Promise<number> {
  if (!actor) throw new NotSignedInError()
  await consumeOrThrow(db, 'bookmarkUpload', `user:${actor.id}`, TOO_MANY_UPLOADS)
  let parsed: ParsedFile
  try {
    parsed = parseBookmarkFile(input.bytes)
  } catch (error) {
    if (error instanceof BookmarkFileError) throw new DomainError(error.message)
    throw error
  }
  const title = Array.from(plainText(input.fileName).replace(/[\\/]/g, '_').trim() || 'bookmarks.html').slice(0, 100).join('')
  await removeImports(db, await db.select({ id: bookmarkImports.id }).from(bookmarkImports).where(and(eq(bookmarkImports.userId, actor.id), eq(bookmarkImports.stored, false))))
  const { importId, folderIds } = await db.transaction(async (tx) => {
    const [file] = await tx
      .insert(bookmarkImports)
      .values({ userId: actor.id, title, encoding: parsed.encoding, folderCount: parsed.folders.length, linkCount: parsed.links.length, stored: false })
      .returning({ id: bookmarkImports.id })
    const folderIds = await reserveIds(tx, 'import_folders', parsed.folders.length)
    // Folders in one step: at most a few thousand, and links point at them.
    await insertChunks(parsed.folders, (chunk) =>
      tx.insert(importFolders).values(
        chunk.map((f) => ({
          id: folderIds[f.index]!,
          importId: file!.id,
          parentId: f.parent === null ? null : folderIds[f.parent]!,
          position: f.order,
          depth: f.depth,
          name: stored(f.name),
          description: stored(f.description),
          toolbar: f.toolbar,
          addDate: f.addDate,
        })),
      ),
    )
    return { importId: file!.id, folderIds }
  })
  try {
    // The file's links from one JSON parameter per step, as insertSources does (a third of the time of VALUES).
    for (let i = 0; i < parsed.links.length; i += CHUNK) {
      await nextTurn()
      const rows = parsed.links.slice(i, i + CHUNK).map((l) => {
        const { url, skip } = classify(l.url)
        return {
          folder_id: l.folder === null ? null : folderIds[l.folder]!,
          position: l.order,
          name: stored(l.name),
          raw_url: stored(l.url),
          url,
          skip,
          description: stored(l.description),
          add_date: l.addDate,
        }
      })
      await db.execute(sql`
        insert into ${importLinks} (import_id, folder_id, position, name, raw_url, url, skip, description, add_date)
        select ${importId}::int, x.folder_id, x.position, x.name, x.raw_url, x.url, x.skip, x.description, x.add_date
        from ${recordset(rows, IMPORT_LINK)}`)
    }
  } catch (error) {
    await removeImports(db, [{ id: importId }]).catch(() => {})
    throw error
  }
  await db.update(bookmarkImports).set({ stored: true }).where(eq(bookmarkImports.id, importId))
  // Spec §9: import history keeps 5.
  const older = await db
    .select({ id: bookmarkImports.id })
    .from(bookmarkImports)
    .where(and(eq(bookmarkImports.userId, actor.id), eq(bookmarkImports.stored, true)))
    .orderBy(desc(bookmarkImports.createdAt), desc(bookmarkImports.id))
    .offset(HISTORY_SIZE)
  await removeImports(db, older)
  return importId
}

/**
 * Removes stored uploads with their rows, links in steps of CHUNK (each its own statement) so a
 * large file's removal never holds the database for long; the upload itself goes last.
 */
async function removeImports(db: Db, files: Array<{ id: number }>) {
  for (const { id } of files) {
    await deleteInSteps(db, importLinks, eq(importLinks.importId, id))
    await db.delete(bookmarkImports).where(eq(bookmarkImports.id, id))
  }
}

/** The actor's own import (another user's is "no such object", like a missing one). */
export async function ownImport(db: Db | Tx, actor: Actor, importId: number) {
  if (!actor) throw new NotSignedInError()
  const [row] = await db
    .select()
    .from(bookmarkImports)
    .where(and(eq(bookmarkImports.id, importId), eq(bookmarkImports.userId, actor.id), eq(bookmarkImports.stored, true)))
    .limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  return row
}

// ---------------------------------------------------------------------------------------------
// Preview

/** Normalised addresses of every bookmark on the user's own homepages (duplicates are marked against them). */
async function ownUrlKeys(db: Db | Tx, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ url: sources.url })
    .from(sources)
    .innerJoin(homepages, eq(homepages.id, sources.homepageId))
    .where(and(eq(homepages.userId, userId), isNull(homepages.deletedAt), live, eq(sources.type, 'link')))
  return new Set(rows.flatMap((r) => (r.url ? [urlKey(r.url)] : [])))
}

export type PreviewFolder = {
  id: number
  parentId: number | null
  name: string
  description: string
  depth: number
  toolbar: boolean
  /** Its own links, and all links below it (importable ones: http(s)). */
  count: number
  total: number
  /** Of its own links: those the user already has, and those that are no web address. */
  duplicates: number
  skipped: number
  /** The same with everything below it: what the preview shows beside `total`. */
  totalDuplicates: number
  totalSkipped: number
}

/** The file's folder tree (document order, parents first) with counts: /api/import/folder and the preview page. */
export async function importTree(db: Db, actor: Actor, importId: number) {
  const file = await ownImport(db, actor, importId)
  const folders = await db.select().from(importFolders).where(eq(importFolders.importId, importId)).orderBy(asc(importFolders.position))
  const links = await db
    .select({ folderId: importLinks.folderId, url: importLinks.url, skip: importLinks.skip })
    .from(importLinks)
    .where(eq(importLinks.importId, importId))
  const owned = await ownUrlKeys(db, actor!.id)
  const tally = new Map<number | null, { count: number; duplicates: number; skipped: number }>()
  for (const l of links) {
    const t = tally.get(l.folderId) ?? { count: 0, duplicates: 0, skipped: 0 }
    if (l.skip || !l.url) t.skipped++
    else {
      t.count++
      if (owned.has(urlKey(l.url))) t.duplicates++
    }
    tally.set(l.folderId, t)
  }
  const view: PreviewFolder[] = folders.map((f) => {
    const t = tally.get(f.id) ?? { count: 0, duplicates: 0, skipped: 0 }
    const totals = { total: t.count, totalDuplicates: t.duplicates, totalSkipped: t.skipped }
    return { id: f.id, parentId: f.parentId, name: f.name, description: f.description, depth: f.depth, toolbar: f.toolbar, ...totals, ...t }
  })
  // Children come after their parents: adding totals from the end up reaches every ancestor.
  const byId = new Map(view.map((f) => [f.id, f]))
  for (let i = view.length - 1; i >= 0; i--) {
    const f = view[i]!
    const parent = f.parentId === null ? undefined : byId.get(f.parentId)
    if (!parent) continue
    parent.total += f.total
    parent.totalDuplicates += f.totalDuplicates
    parent.totalSkipped += f.totalSkipped
  }
  const root = tally.get(null) ?? { count: 0, duplicates: 0, skipped: 0 }
  return { file, folders: view, root }
}

export type PreviewLink = { id: number; name: string; url: string; rawUrl: string; description: string; skip: ImportSkip | null; duplicate: boolean }

/** One folder's own links (null: the file's top level), duplicates marked: /api/import/link and the preview page. */
export async function importFolderLinks(db: Db, actor: Actor, importId: number, folderId: number | null): Promise<PreviewLink[]> {
  await ownImport(db, actor, importId)
  const rows = await db
    .select()
    .from(importLinks)
    .where(and(eq(importLinks.importId, importId), folderId === null ? isNull(importLinks.folderId) : eq(importLinks.folderId, folderId)))
    .orderBy(asc(importLinks.position))
  if (folderId !== null && !rows.length) {
    const [folder] = await db.select({ id: importFolders.id }).from(importFolders).where(and(eq(importFolders.id, folderId), eq(importFolders.importId, importId)))
    if (!folder) throw new DomainError(NOT_FOUND)
  }
  const owned = await ownUrlKeys(db, actor!.id)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url ?? '',
    rawUrl: r.rawUrl,
    description: r.description,
    skip: r.skip,
    duplicate: r.url !== null && owned.has(urlKey(r.url)),
  }))
}

/** Which import a folder belongs to (/api/import/link {id} names only the folder). */
export async function importOfFolder(db: Db, actor: Actor, folderId: number) {
  if (!actor) throw new NotSignedInError()
  const [row] = await db
    .select({ importId: importFolders.importId })
    .from(importFolders)
    .innerJoin(bookmarkImports, eq(bookmarkImports.id, importFolders.importId))
    .where(and(eq(importFolders.id, folderId), eq(bookmarkImports.userId, actor.id), eq(bookmarkImports.stored, true)))
  if (!row) throw new DomainError(NOT_FOUND)
  return row.importId
}

// ---------------------------------------------------------------------------------------------
// History

/** The user's last five uploads, newest first (/api/import/view-history, the history popover). */
export async function importHistory(db: Db, actor: Actor) {
  if (!actor) throw new NotSignedInError()
  const rows = await db
    .select()
    .from(bookmarkImports)
    .where(and(eq(bookmarkImports.userId, actor.id), eq(bookmarkImports.stored, true)))
    .orderBy(desc(bookmarkImports.createdAt), desc(bookmarkImports.id))
    .limit(HISTORY_SIZE)
  return rows.map((r) => ({ id: r.id, title: r.title, createTime: r.createdAt.toISOString(), folderCount: r.folderCount, linkCount: r.linkCount }))
}

/** Removes uploads from the history (never what was imported from them). Ids not the user's change nothing. */
export async function deleteImports(db: Db, actor: Actor, ids: number[]) {
  if (!actor) throw new NotSignedInError()
  if (!ids.length) return 0
  const mine = await db
    .select({ id: bookmarkImports.id })
    .from(bookmarkImports)
    .where(and(eq(bookmarkImports.userId, actor.id), eq(bookmarkImports.stored, true), inArray(bookmarkImports.id, ids)))
  await removeImports(db, mine)
  return mine.length
}

/** Removes one folder (with everything under it) from a stored upload: the preview's 删除. */
export async function deleteImportFolder(db: Db, actor: Actor, folderId: number) {
  const importId = await importOfFolder(db, actor, folderId)
  // Its links (a folder may hold tens of thousands) first, in steps, then the folders in one.
  const subtree = sql`with recursive t(id) as (select ${folderId}::int union all select f.id from ${importFolders} f join t on f.parent_id = t.id) select id from t`
  await deleteInSteps(db, importLinks, sql`${importLinks.folderId} in (${subtree})`)
  await db.transaction(async (tx) => {
    await tx.delete(importFolders).where(eq(importFolders.id, folderId))
    const [folders] = await tx.select({ n: sql<number>`count(*)::int` }).from(importFolders).where(eq(importFolders.importId, importId))
    const [links] = await tx.select({ n: sql<number>`count(*)::int` }).from(importLinks).where(eq(importLinks.importId, importId))
    await tx.update(bookmarkImports).set({ folderCount: folders!.n, linkCount: links!.n }).where(eq(bookmarkImports.id, importId))
  })
}

// ---------------------------------------------------------------------------------------------
// Import into a homepage

export type ImportInput = {
  importId: number
  folderIds: number[]
  linkIds: number[]
  /** Exactly one: into this category, as new categories of this module, or as new modules of this homepage. */
  bid?: number
  moduleId?: number
  homepageId?: number
  /** Leave out links the user already has (normalised address). */
  skipDuplicates?: boolean
  /** The form's one-time key: a double submit imports once. */
  key?: string
}

/**
 * Issue 21, ADR 024: bookmarks one import may add. Budget 7's size: about a second of PGlite in
 * one transaction, which an import is (all of it or none of it).
 */
export const MAX_IMPORT_LINKS = 10_000
export const tooManyToImport = (picked: number) => `一次最多导入${MAX_IMPORT_LINKS}个书签（这次选了 ${picked} 个），请分几次导入`
/** Imports one user may make in a day (the last 24 hours, undone ones too). */
export const IMPORTS_A_DAY = 20
export const TOO_MANY_IMPORTS = `每天最多导入${IMPORTS_A_DAY}次，请明天再试`

/** The web links an import of these picks would add at most (duplicates not yet left out): one query. */
async function pickedLinkCount(db: Db, importId: number, folderIds: number[], linkIds: number[]) {
  const ids = (list: number[]) => `{${list.filter(Number.isInteger).join(',')}}`
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with recursive picked(id) as (
        select id from ${importFolders} where import_id = ${importId} and id = any(${ids(folderIds)}::int[])
        union select f.id from ${importFolders} f join picked p on f.parent_id = p.id)
      select count(*)::int as n from ${importLinks} l
      where l.import_id = ${importId} and l.url is not null
        and (l.folder_id in (select id from picked) or l.id = any(${ids(linkIds)}::int[]))`),
  )
  return row!.n
}

export type ImportResult = { runId: number; homepageId: number; report: ImportReport } | { runId: null; repeated: true }

/** Where the import goes, checked and locked: the homepage row lock serialises it with every other writer. */
async function resolveTarget(tx: Tx, actor: User, input: ImportInput) {
  if (input.bid) {
    const liveBag = async () => {
      const [bag] = await tx.select().from(bags).where(and(eq(bags.id, input.bid!), isNull(bags.deletedAt))).limit(1)
      if (!bag) throw new DomainError(NOT_FOUND)
      return bag
    }
    const { role } = await requireCapability(tx, actor, (await liveBag()).homepageId, 'add-link', true)
    // Read again under the lock: it may have gone to the trash meanwhile.
    const bag = await liveBag()
    const roomLeft = MAX_CHILDREN - (await countedChildren(tx, bag.id, null))
    return { homepageId: bag.homepageId, role, bag, moduleId: bag.moduleId, target: { kind: 'category', name: bag.name, roomLeft } as ImportTarget }
  }
  if (input.moduleId) {
    const [module] = await tx.select().from(modules).where(eq(modules.id, input.moduleId)).limit(1)
    if (!module) throw new DomainError(NOT_FOUND)
    const { role } = await requireCapability(tx, actor, module.homepageId, 'manage-categories', true)
    return { homepageId: module.homepageId, role, bag: null, moduleId: module.id, target: { kind: 'module' } as ImportTarget }
  }
  if (input.homepageId) {
    const { role } = await requireCapability(tx, actor, input.homepageId, 'manage-modules', true)
    return { homepageId: input.homepageId, role, bag: null, moduleId: null, target: { kind: 'homepage' } as ImportTarget }
  }
  throw new DomainError('请选择导入位置')
}

/**
 * Imports the picked folders (with everything under them) and links of an upload. One transaction
 * under the homepage lock, claimed with the form's key: a double submit imports once, and a crash
 * leaves all of it or none of it. Imported bookmarks are public (privacy is the owner's to set).
 */
export async function importPicked(db: Db, actor: Actor, input: ImportInput): Promise<ImportResult> {
  if (!actor) throw new NotSignedInError()
  if (!input.folderIds.length && !input.linkIds.length) throw new DomainError(NOTHING_PICKED)
  // Too large is refused before the transaction: reading and planning it would hold the database.
  await ownImport(db, actor, input.importId)
  const picked = await pickedLinkCount(db, input.importId, input.folderIds, input.linkIds)
  if (picked > MAX_IMPORT_LINKS) throw new DomainError(tooManyToImport(picked))
  return onceWithKey<ImportResult>(db, actor.id, input.key, { runId: null, repeated: true }, async (tx) => {
    const file = await ownImport(tx, actor, input.importId)
    const place = await resolveTarget(tx, actor, input)
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(importRuns)
      .where(and(eq(importRuns.userId, actor.id), sql`${importRuns.createdAt} > now() - interval '1 day'`))
    if (today!.n >= IMPORTS_A_DAY) throw new DomainError(TOO_MANY_IMPORTS)
    const folders: FileFolder[] = await tx
      .select({
        id: importFolders.id,
        parentId: importFolders.parentId,
        position: importFolders.position,
        name: importFolders.name,
        description: importFolders.description,
        addDate: importFolders.addDate,
      })
      .from(importFolders)
      .where(eq(importFolders.importId, file.id))
    const links = await fileLinks(tx, file.id)
    const plan = planImport({
      folders,
      links,
      pickedFolders: new Set(input.folderIds),
      pickedLinks: new Set(input.linkIds),
      target: place.target,
      existing: input.skipDuplicates ? await ownUrlKeys(tx, actor.id) : undefined,
    })
    const { modules: m, categories: c, folders: f, links: l } = plan.report
    if (m + c + f + l === 0) throw new DomainError(NOTHING_IMPORTED)
    // Going on in 继续 categories makes categories: the owner's to do (a manager's import must fit).
    if (plan.categories.length && place.target.kind === 'category' && !can(place.role, 'manage-categories')) throw new DomainError(TOO_MANY_CHILDREN)
    // The limits of the homepage's owner, checked with the plan's exact counts before anything is written.
    await assertModuleRoom(tx, place.homepageId, plan.modules.length)
    const adding = plan.report.links + plan.report.folders
    await assertBookmarkRoom(tx, place.homepageId, adding, (have) => importOverBookmarkLimit(have, adding))
    if (place.target.kind === 'homepage' && plan.modules.length) await removeUntouchedStarter(tx, place.homepageId)
    const [run] = await tx.insert(importRuns).values({ userId: actor.id, importId: file.id, homepageId: place.homepageId, report: plan.report }).returning({ id: importRuns.id })
    await writePlan(tx, plan, { runId: run!.id, homepageId: place.homepageId, bagId: place.bag?.id ?? null, moduleId: place.moduleId })
    const first = plan.items[0] ?? plan.categories[0]?.items[0] ?? plan.modules[0]?.categories[0]?.items[0]
    await logBookmarks(tx, {
      userId: actor.id,
      homepageId: place.homepageId,
      action: 'import',
      name: first?.name ?? '',
      count: plan.report.links,
      place: file.title,
    })
    // The site tells the importer (no actorId: it is not "their own action" but the site's report).
    await notify(tx, {
      userId: actor.id,
      kind: 'system',
      title: '导入完成',
      content: `「${file.title}」已导入 ${plan.report.links} 个书签`,
      link: previewHref(file.id, { run: run!.id }),
    })
    return { runId: run!.id, homepageId: place.homepageId, report: plan.report }
  })
}

/**
 * The stored links of a file as one JSON value: ten thousand rows decoded field by field cost
 * more than the import's own planning; one text parsed by JSON.parse does not.
 */
async function fileLinks(tx: Tx, importId: number): Promise<FileLink[]> {
  const [row] = rowsOf<{ links: string | null }>(
    await tx.execute(sql`
      select json_agg(json_build_object('id', id, 'folderId', folder_id, 'position', position, 'name', name, 'url', url,
        'skip', skip, 'description', description, 'addDate', add_date))::text as links
      from ${importLinks} where import_id = ${importId}`),
  )
  const links = JSON.parse(row?.links ?? '[]') as Array<Omit<FileLink, 'addDate'> & { addDate: string | null }>
  return links.map((l) => ({ ...l, addDate: l.addDate === null ? null : new Date(l.addDate) }))
}

type WriteAt = { runId: number; homepageId: number; bagId: number | null; moduleId: number | null }

/** Writes a plan in a fixed number of batched statements: ids are reserved first, so children point at parents. */
async function writePlan(tx: Tx, plan: ImportPlan, at: WriteAt) {
  const now = new Date()
  const moduleRows: Array<typeof modules.$inferInsert> = []
  const bagRows: Array<typeof bags.$inferInsert> = []
  const linkRows: ImportedSource[] = []
  const folderRows: ImportedSource[] = []

  const modulesStart = plan.modules.length ? await nextPosition(tx, modules, { homepageId: at.homepageId }) : 0
  const moduleIds = await reserveIds(tx, 'modules', plan.modules.length)
  const categoryCount = plan.categories.length + plan.modules.reduce((n, m) => n + m.categories.length, 0)
  const bagIds = await reserveIds(tx, 'bags', categoryCount)
  const folderCount = (items: Array<PlanLink | PlanFolder>) => items.filter((i) => i.kind === 'folder').length
  const allItems = [plan.items, ...plan.categories.map((c) => c.items), ...plan.modules.flatMap((m) => m.categories.map((c) => c.items))]
  const folderIds = await reserveIds(tx, 'sources', allItems.reduce((n, items) => n + folderCount(items), 0))
  let nextBag = 0
  let nextFolder = 0

  const row = (bagId: number, sortKey: number, item: PlanLink | PlanFolder, parentId?: number): ImportedSource => {
    const { searchText, searchGrams } = searchColumns(item)
    return {
      bag_id: bagId,
      parent_id: parentId,
      sort_key: sortKey,
      created_at: item.addDate ?? now,
      name: item.name,
      url: item.kind === 'link' ? item.url : undefined,
      note: item.note,
      search_text: searchText,
      search_grams: searchGrams,
    }
  }
  const addItems = (bagId: number, items: Array<PlanLink | PlanFolder>, start: number) => {
    items.forEach((item, i) => {
      if (item.kind === 'link') {
        linkRows.push(row(bagId, start + i, item))
        return
      }
      const id = folderIds[nextFolder++]!
      folderRows.push({ ...row(bagId, start + i, item), id })
      item.links.forEach((link, j) => linkRows.push(row(bagId, j, link, id)))
    })
  }
  const addCategories = (moduleId: number, categories: PlanCategory[], start: number) => {
    categories.forEach((c, i) => {
      const id = bagIds[nextBag++]!
      bagRows.push({ id, homepageId: at.homepageId, moduleId, name: c.name, importRunId: at.runId, sortKey: start + i, createdAt: c.addDate ?? now })
      addItems(id, c.items, 0)
    })
  }

  if (at.bagId !== null && plan.items.length) addItems(at.bagId, plan.items, await nextPosition(tx, sources, { bagId: at.bagId, parentId: null }))
  if (at.moduleId !== null && plan.categories.length) addCategories(at.moduleId, plan.categories, await nextPosition(tx, bags, { moduleId: at.moduleId, parentId: null }))
  plan.modules.forEach((m, i) => {
    const id = moduleIds[i]!
    moduleRows.push({ id, homepageId: at.homepageId, name: m.name, importRunId: at.runId, sortKey: modulesStart + i, createdAt: m.addDate ?? now })
    addCategories(id, m.categories, 0)
  })

  await insertChunks(moduleRows, (chunk) => tx.insert(modules).values(chunk))
  await insertChunks(bagRows, (chunk) => tx.insert(bags).values(chunk))
  await insertSources(tx, { homepageId: at.homepageId, runId: at.runId }, 'folder', folderRows)
  await insertSources(tx, { homepageId: at.homepageId, runId: at.runId }, 'link', linkRows)
}

// ---------------------------------------------------------------------------------------------
// Runs and undo

/** The actor's own import run, with the address of the homepage it went into. */
export async function ownRun(db: Db | Tx, actor: Actor, runId: number) {
  if (!actor) throw new NotSignedInError()
  const [row] = await db
    .select({ run: importRuns, code: homepages.code })
    .from(importRuns)
    .innerJoin(homepages, eq(homepages.id, importRuns.homepageId))
    .where(and(eq(importRuns.id, runId), eq(importRuns.userId, actor.id)))
    .limit(1)
  if (!row) throw new DomainError(NOT_FOUND)
  return { ...row.run, homepageHref: row.code ? `/${row.code}` : '/' }
}

/** What undo says; it names the run's bookmarks it left because they are no longer in the homepage it wrote to. */
export const undoneMessage = ({ kept }: { kept: number }) => (kept ? `${UNDONE_MSG}；${kept} 个书签已移到其他主页，未删除` : UNDONE_MSG)

/**
 * "Undo this import": removes the modules, categories, folders and bookmarks the run created (in
 * the trash or not) that are still in the homepage it wrote to, and nothing else: a bookmark moved
 * to another homepage since is no longer the import's to take back (it stays, counted as `kept`),
 * and a category or folder it made that now also holds something added later stays, with that.
 *
 * Bookmarks go in steps of CHUNK rows, each its own transaction under the homepage lock with
 * the undoer's right checked again, so other requests run in between (ADR 024). A crash between
 * steps leaves the run not yet undone: undo again removes the rest.
 */
export async function undoImportRun(db: Db, actor: Actor, runId: number) {
  if (!actor) throw new NotSignedInError()
  const run = await ownRun(db, actor, runId)
  if (run.undoneAt) throw new DomainError(ALREADY_UNDONE)
  const here = and(eq(sources.importRunId, run.id), eq(sources.homepageId, run.homepageId), ne(sources.type, 'folder'))
  // The lists that lost rows: renumbered at the end if they remain (the target category, a kept folder).
  const lists = new Map<string, { bagId: number; parentId: number | null }>()
  let removed = 0
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await lockedRunToUndo(tx, actor, run)
      const batch = tx.select({ id: sources.id }).from(sources).where(here).limit(CHUNK)
      return tx.delete(sources).where(inArray(sources.id, batch)).returning({ bagId: sources.bagId, parentId: sources.parentId })
    })
    for (const r of step) lists.set(`${r.bagId}:${r.parentId ?? 0}`, r)
    removed += step.length
    if (step.length < CHUNK) break
    await nextTurn()
  }
  return db.transaction(async (tx) => {
    await lockedRunToUndo(tx, actor, run)
    const ours = sql`import_run_id = ${run.id} and homepage_id = ${run.homepageId}`
    // Folders left empty, then categories, then modules left empty.
    await tx.execute(
      sql`delete from ${sources} f where ${ours} and f.type = 'folder'
          and not exists (select 1 from ${sources} c where c.parent_id = f.id)`,
    )
    const bagsGone = await tx.execute(
      sql`delete from ${bags} b where ${ours}
          and not exists (select 1 from ${sources} s where s.bag_id = b.id)
          and not exists (select 1 from ${bags} c where c.parent_id = b.id) returning b.module_id`,
    )
    const modulesGone = await tx.execute(
      sql`delete from ${modules} m where ${ours}
          and not exists (select 1 from ${bags} b where b.module_id = m.id) returning m.id`,
    )
    for (const { bagId, parentId } of lists.values()) {
      const [bag] = await tx.select({ id: bags.id }).from(bags).where(eq(bags.id, bagId))
      if (!bag) continue
      if (parentId) {
        const [folder] = await tx.select({ id: sources.id }).from(sources).where(eq(sources.id, parentId))
        if (!folder) continue
      }
      await renumber(tx, sources, { bagId, parentId })
    }
    const goneModules = new Set(rowsOf<{ id: number }>(modulesGone).map((r) => r.id))
    for (const moduleId of new Set(rowsOf<{ module_id: number }>(bagsGone).map((r) => r.module_id))) {
      if (!goneModules.has(moduleId)) await renumber(tx, bags, { moduleId, parentId: null })
    }
    if (goneModules.size) await renumber(tx, modules, { homepageId: run.homepageId })
    // What the run made that lives elsewhere now stays, and the answer says so.
    const [elsewhere] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sources)
      .where(and(eq(sources.importRunId, run.id), ne(sources.homepageId, run.homepageId), ne(sources.type, 'folder')))
    await tx.update(importRuns).set({ undoneAt: new Date() }).where(eq(importRuns.id, run.id))
    await logBookmarks(tx, { userId: actor.id, homepageId: run.homepageId, action: 'undo-import', name: '', count: removed, place: '' })
    return { removed, kept: elsewhere!.n }
  })
}

/** Each step of an undo: the homepage locked, the undoer still allowed to delete there, the run not undone meanwhile. */
async function lockedRunToUndo(tx: Tx, actor: User, run: { id: number; homepageId: number }) {
  await requireCapability(tx, actor, run.homepageId, 'edit-children', true)
  const [row] = await tx.select({ undoneAt: importRuns.undoneAt }).from(importRuns).where(eq(importRuns.id, run.id))
  if (!row || row.undoneAt) throw new DomainError(ALREADY_UNDONE)
}

/** The imports made from an upload, newest first (the preview lists them with 撤销). */
export async function runsOfImport(db: Db, actor: Actor, importId: number) {
  await ownImport(db, actor, importId)
  return db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.importId, importId), eq(importRuns.userId, actor!.id)))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
}

/**
 * PERFORMANCE.md budget 7, as a child process of the bench so that the memory it reports is the
 * import's own (not the bench's, nor the app server's):
 *   node scripts/bench/import.ts pglite <data dir>
 *   node scripts/bench/import.ts postgres <postgres://…>
 * on a database seeded like the bench's. It generates a 10,000-bookmark file in 200 folders and
 * times, through the app's own services: the parse alone, the upload (`storeBookmarkFile`: parse +
 * store the rows) and the import of every folder into a homepage (`importPicked`), checking that
 * every bookmark landed; then the undo of that import (`undoImportRun`, issue 21: ≤ 2 s), checking
 * that nothing of it is left. Twice, for two new users: the first import after a start (cold), then
 * another in the same process (steady state). Prints one JSON line of `ImportFigures`.
 */
import { writeFileSync } from 'node:fs'
import { and, count, eq, isNull } from 'drizzle-orm'
import { parseBookmarkFile } from '#app/bookmark-files/parse.ts'
import { type Db, openDb } from '#app/db/client.server.ts'
import { migrate } from '#app/db/migrate.server.ts'
import { modules, sources } from '#app/db/schema/index.ts'
import { importPicked, importTree, storeBookmarkFile, undoImportRun } from '#app/services/imports.server.ts'
import { createUser } from '#tests/db-utils.ts'
import { generateBookmarkFile } from '#tests/fixtures/bookmark-file.ts'
import { IMPORT_FOLDERS, IMPORT_LINKS, IMPORT_TOP_FOLDERS } from './data.ts'

/** One upload + import. Milliseconds, and bytes of resident memory. */
export type ImportRound = {
  /** `parseBookmarkFile` alone; in the first round the first parse of this process (cold JIT). */
  parse: number
  /** The same parse once more: as warm as the one inside `storeBookmarkFile` that follows. */
  parseAgain: number
  /** `storeBookmarkFile`: its own parse, then one transaction storing 200 folders and 10,000 links. */
  store: number
  /** store − parseAgain: the stored rows' transaction alone. */
  insert: number
  /** `importTree`, the preview the picking starts from: a read, reported but not in the budget. */
  tree: number
  /** `importPicked`: read the stored rows, plan, write 20 modules of categories and bookmarks in one transaction. */
  import: number
  /** parse + insert + import: the budget's "parse + insert", the import's writes included. */
  total: number
  /** `undoImportRun` of that import: 10,000 bookmarks, 200 categories and 20 modules removed in steps. */
  undo: number
  /** RSS when the round starts, its highest point during the round, and at its end. */
  rss: { before: number; peak: number; after: number }
}

export type ImportFigures = {
  fileBytes: number
  first: ImportRound
  second: ImportRound
  /** False when the kernel's high-water mark could not be reset: each peak is then the whole process's so far. */
  peakOfRoundOnly: boolean
}

/**
 * Resets this process's peak RSS (VmHWM, which getrusage's maxRSS reads) to its current RSS, so
 * that the peak read afterwards is that of the round, not of PGlite's start or the migrations.
 * Linux only (/proc/self/clear_refs, value 5), as is the rest of the bench.
 */
function resetPeak() {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}

/** process.resourceUsage().maxRSS is in KiB. */
const peakRss = () => process.resourceUsage().maxRSS * 1024

async function timed<T>(work: () => T | Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const result = await work()
  return [result, performance.now() - started]
}

/** Every bookmark and module of the run must be there, or the times measured a failure. */
async function checkLanded(db: Db, runId: number) {
  const [links] = await db
    .select({ n: count() })
    .from(sources)
    .where(and(eq(sources.importRunId, runId), eq(sources.type, 'link'), isNull(sources.deletedAt)))
  const [tops] = await db.select({ n: count() }).from(modules).where(eq(modules.importRunId, runId))
  if (links!.n !== IMPORT_LINKS || tops!.n !== IMPORT_TOP_FOLDERS) {
    throw new Error(`the import wrote ${links!.n} bookmarks in ${tops!.n} modules, expected ${IMPORT_LINKS} in ${IMPORT_TOP_FOLDERS}`)
  }
}

/** A new user (with the starter homepage every sign-up gets) uploads the file and imports all of it. */
async function round(db: Db, bytes: Uint8Array): Promise<ImportRound> {
  const { user } = await createUser(db, { nickname: '导入基准' })
  const homepageId = user.currentHomepageId!
  resetPeak()
  const before = process.memoryUsage.rss()

  const [parsed, parse] = await timed(() => parseBookmarkFile(bytes))
  if (parsed.links.length !== IMPORT_LINKS || parsed.folders.length !== IMPORT_FOLDERS) {
    throw new Error(`parsed ${parsed.links.length} links in ${parsed.folders.length} folders, expected ${IMPORT_LINKS} in ${IMPORT_FOLDERS}`)
  }
  const [, parseAgain] = await timed(() => parseBookmarkFile(bytes))
  const [importId, store] = await timed(() => storeBookmarkFile(db, user, { fileName: 'bench.html', bytes }))
  const [preview, tree] = await timed(() => importTree(db, user, importId))
  // Every folder: the 20 top ones, each with the nine under it, become 20 new modules.
  const tops = preview.folders.filter((folder) => folder.parentId === null).map((folder) => folder.id)
  const [result, importMs] = await timed(() => importPicked(db, user, { importId, folderIds: tops, linkIds: [], homepageId }))
  const rss = { before, peak: peakRss(), after: process.memoryUsage.rss() }

  if (result.runId === null) throw new Error('the import answered "already imported"')
  await checkLanded(db, result.runId)
  const [undone, undo] = await timed(() => undoImportRun(db, user, result.runId))
  const [left] = await db.select({ n: count() }).from(sources).where(eq(sources.importRunId, result.runId))
  if (undone.removed !== IMPORT_LINKS || left!.n) throw new Error(`the undo removed ${undone.removed} bookmarks and left ${left!.n} rows`)
  const insert = store - parseAgain
  return { parse, parseAgain, store, insert, tree, import: importMs, total: parse + insert + importMs, undo, rss }
}

async function main() {
  const [driver, target] = process.argv.slice(2)
  if ((driver !== 'pglite' && driver !== 'postgres') || !target) {
    throw new Error('usage: import.ts pglite <data dir> | import.ts postgres <postgres://…>')
  }
  const handle = await openDb(driver === 'postgres' ? { url: target, dataDir: '' } : { dataDir: target })
  try {
    // As the server does at every start (a no-op on the seeded database).
    await migrate(handle)
    const bytes = new TextEncoder().encode(generateBookmarkFile({ folders: IMPORT_FOLDERS, links: IMPORT_LINKS }))
    const peakOfRoundOnly = resetPeak()
    const first = await round(handle.db, bytes)
    const second = await round(handle.db, bytes)
    const figures: ImportFigures = { fileBytes: bytes.byteLength, first, second, peakOfRoundOnly }
    console.log(JSON.stringify(figures))
  } finally {
    await handle.close()
  }
}

await main()

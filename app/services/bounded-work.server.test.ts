import { and, count, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { bookmarkImports, importLinks, importRuns, modules, sources } from '#app/db/schema/index.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { generateBookmarkFile } from '#tests/fixtures/bookmark-file.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { MAX_BOOKMARKS, TOO_MANY_BOOKMARKS } from './bookmark-limit.server.ts'
import { createHomepage, hardDeleteHomepage, MAX_HOMEPAGES, TOO_MANY_HOMEPAGES, trashHomepage } from './homepages.server.ts'
import {
  CHUNK,
  IMPORTS_A_DAY,
  importHistory,
  importPicked,
  importTree,
  MAX_IMPORT_LINKS,
  storeBookmarkFile,
  TOO_MANY_IMPORTS,
  tooManyToImport,
  undoImportRun,
} from './imports.server.ts'
import { hardDeleteModules, MAX_MODULES, saveModule, TOO_MANY_MODULES } from './module.server.ts'
import { saveLink } from './source.server.ts'

/**
 * Issue 21, ADR 024: bounded work per request. The per-user limits refuse before anything is
 * written; long work (an upload, an undo) goes in steps that let other queries in between.
 */

const db = useTestDb()

type Owner = Awaited<ReturnType<typeof createOwner>>

async function upload(user: Owner['user'], folders: number, links: number) {
  const importId = await storeBookmarkFile(db(), user, { fileName: 'f.html', bytes: new TextEncoder().encode(generateBookmarkFile({ folders, links })) })
  const { folders: tree } = await importTree(db(), user, importId)
  return { importId, folderIds: tree.filter((f) => f.parentId === null).map((f) => f.id), linkIds: [] }
}

const rowsOfUser = async (owner: Owner) => (await db().select({ n: count() }).from(sources).where(eq(sources.homepageId, owner.homepageId)))[0]!.n
const runsOf = async (owner: Owner) => (await db().select({ n: count() }).from(importRuns).where(eq(importRuns.userId, owner.user.id)))[0]!.n

test('an import of more than 10,000 bookmarks is refused before it writes, with the counts', async () => {
  const owner = await createOwner(db(), ['目标'])
  const file = await upload(owner.user, 1, MAX_IMPORT_LINKS + 1)
  const before = await rowsOfUser(owner)
  await expect(importPicked(db(), owner.user, { ...file, homepageId: owner.homepageId })).rejects.toThrow(tooManyToImport(MAX_IMPORT_LINKS + 1))
  expect(await rowsOfUser(owner)).toBe(before)
  expect(await runsOf(owner)).toBe(0)
})

test('bookmarks of one owner stop at 50,000 (the trash counts): adding, and an import that would pass it, are refused and write nothing', async () => {
  const owner = await createOwner(db(), ['满了'])
  const bid = owner.bids[0]!
  // 49,999 rows in the trash (outside the order key), written in one statement.
  await db().execute(sql`
    insert into ${sources} (homepage_id, bag_id, type, name, url, sort_key, deleted_at)
    select ${owner.homepageId}, ${bid}, 'link', '旧的', 'https://old.example/', g, now() from generate_series(1, ${MAX_BOOKMARKS - 1}::int) g`)
  const link = (name: string) => ({ bid, name, url: 'https://new.example/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })
  await saveLink(db(), owner.user, link('最后一个'))
  await expect(saveLink(db(), owner.user, link('多一个'))).rejects.toThrow(TOO_MANY_BOOKMARKS)

  const file = await upload(owner.user, 1, 3)
  await expect(importPicked(db(), owner.user, { ...file, bid })).rejects.toThrow(`已有 ${MAX_BOOKMARKS} 个，本次 4 个`)
  expect(await rowsOfUser(owner)).toBe(MAX_BOOKMARKS)
  expect(await runsOf(owner)).toBe(0)
})

test('20 imports a day, then a clear refusal that writes nothing', async () => {
  const owner = await createOwner(db(), ['每天'])
  const file = await upload(owner.user, 1, 2)
  const [earlier] = await db().select({ importId: bookmarkImports.id }).from(bookmarkImports).where(eq(bookmarkImports.id, file.importId))
  await db().insert(importRuns).values(Array.from({ length: IMPORTS_A_DAY - 1 }, () => ({ userId: owner.user.id, importId: earlier!.importId, homepageId: owner.homepageId, report: {} as never })))
  await importPicked(db(), owner.user, { ...file, bid: owner.bids[0]! })
  const before = await rowsOfUser(owner)
  await expect(importPicked(db(), owner.user, { ...file, bid: owner.bids[0]! })).rejects.toThrow(TOO_MANY_IMPORTS)
  expect(await rowsOfUser(owner)).toBe(before)
  expect(await runsOf(owner)).toBe(IMPORTS_A_DAY)
})

test('100 homepages a user and 100 modules a homepage', async () => {
  const owner = await createOwner(db(), [])
  for (let i = 1; i < MAX_HOMEPAGES; i++) await createHomepage(db(), owner.user, { title: `主页${i}`, summary: '', icon: '' })
  await expect(createHomepage(db(), owner.user, { title: '再来一个', summary: '', icon: '' })).rejects.toThrow(TOO_MANY_HOMEPAGES)

  const [have] = await db().select({ n: count() }).from(modules).where(eq(modules.homepageId, owner.homepageId))
  await db().execute(sql`
    insert into ${modules} (homepage_id, name, sort_key) select ${owner.homepageId}, '模块', g from generate_series(${have!.n}::int, ${MAX_MODULES - 1}::int) g`)
  await expect(saveModule(db(), owner.user, { homepageId: owner.homepageId, name: '多一个', icon: 'tabler:star', moduleType: 0 })).rejects.toThrow(TOO_MANY_MODULES)
})

test('an upload a crash left half-stored is nobody’s to see, and the next upload removes it', async () => {
  const owner = await createOwner(db(), [])
  const [half] = await db()
    .insert(bookmarkImports)
    .values({ userId: owner.user.id, title: 'half.html', encoding: 'utf-8', folderCount: 0, linkCount: 2, stored: false })
    .returning()
  await db().insert(importLinks).values([1, 2].map((position) => ({ importId: half!.id, position, name: '半', rawUrl: 'https://half.example/', url: 'https://half.example/' })))
  expect(await importHistory(db(), owner.user)).toEqual([])
  await expect(importTree(db(), owner.user, half!.id)).rejects.toThrow('内容不存在或已被删除')

  const file = await upload(owner.user, 1, 2)
  expect((await importHistory(db(), owner.user)).map((f) => f.id)).toEqual([file.importId])
  expect(await db().select().from(importLinks).where(eq(importLinks.importId, half!.id))).toEqual([])
})

/**
 * Long work lets other queries in between its steps: queries asked one after the other while it
 * runs see it half done (`probe` counts the rows it has written, or has still to delete; the first
 * answer that differs from the count before is returned). PGlite runs on this thread: one
 * transaction or one statement for all of it would let a probe see only before or after.
 */
async function seenMidway(work: () => Promise<unknown>, probe: () => Promise<number>) {
  const before = await probe()
  let done = false
  const running = work().finally(() => (done = true))
  let seen = before
  // Each probe after a turn of the event loop, as a request would come: in-memory PGlite answers
  // within microtasks, and a loop of them alone would never let the work's next step start.
  while (!done && seen === before) {
    await new Promise((resolve) => setImmediate(resolve))
    seen = await probe()
  }
  await running
  return seen
}

const linksOfRun = (runId: number) => async () =>
  (await db().select({ n: count() }).from(sources).where(and(eq(sources.importRunId, runId), eq(sources.type, 'link'))))[0]!.n

test('an upload and an undo of a few thousand bookmarks go in steps: a query asked meanwhile sees them half done', async () => {
  const owner = await createOwner(db(), [])
  const links = 3 * CHUNK + 10
  const bytes = new TextEncoder().encode(generateBookmarkFile({ folders: 1, links }))
  const stored = async () =>
    (await db().select({ n: count() }).from(importLinks).innerJoin(bookmarkImports, eq(bookmarkImports.id, importLinks.importId)).where(eq(bookmarkImports.userId, owner.user.id)))[0]!.n
  const midUpload = await seenMidway(() => storeBookmarkFile(db(), owner.user, { fileName: 'big.html', bytes }), stored)
  expect(midUpload).toBeGreaterThan(0)
  expect(midUpload).toBeLessThan(links)

  const [file] = await importHistory(db(), owner.user)
  const { folders } = await importTree(db(), owner.user, file!.id)
  const run = await importPicked(db(), owner.user, { importId: file!.id, folderIds: folders.map((f) => f.id), linkIds: [], homepageId: owner.homepageId })
  if (run.runId === null) throw new Error('imported once')
  const midUndo = await seenMidway(() => undoImportRun(db(), owner.user, run.runId!), linksOfRun(run.runId))
  expect(midUndo).toBeGreaterThan(0)
  expect(midUndo).toBeLessThan(links)
  expect(await linksOfRun(run.runId)()).toBe(0)
})

test('deleting a module or a homepage for good removes their thousands of bookmarks in steps: a query asked meanwhile sees them half done', async () => {
  const owner = await createOwner(db(), [])
  const page = await createHomepage(db(), owner.user, { title: '要删的', summary: '', icon: '' })
  const fill = async (homepageId: number) => {
    const file = await upload(owner.user, 10, 2 * CHUNK + 10)
    const run = await importPicked(db(), owner.user, { ...file, homepageId })
    return run.runId!
  }
  const inModules = await fill(owner.homepageId)
  const imported = await db().select({ id: modules.id }).from(modules).where(eq(modules.importRunId, inModules))
  const midModules = await seenMidway(() => hardDeleteModules(db(), owner.user, imported.map((m) => m.id)), linksOfRun(inModules))
  expect(midModules).toBeGreaterThan(0)
  expect(midModules).toBeLessThan(2 * CHUNK + 10)
  expect(await linksOfRun(inModules)()).toBe(0)

  const onPage = await fill(page.id)
  await trashHomepage(db(), owner.user, page.id)
  const midPage = await seenMidway(() => hardDeleteHomepage(db(), owner.user, page.id), linksOfRun(onPage))
  expect(midPage).toBeGreaterThan(0)
  expect(midPage).toBeLessThan(2 * CHUNK + 10)
  expect(await linksOfRun(onPage)()).toBe(0)
})

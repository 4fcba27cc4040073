import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { bags, homepageMembers, importRuns, modules, sources } from '#app/db/schema/index.ts'
import { TOO_MANY_CHILDREN } from '#app/schemas/content.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { generateBookmarkFile } from '#tests/fixtures/bookmark-file.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { createHomepage } from './homepages.server.ts'
import { importFolderLinks, importPicked, importTree, storeBookmarkFile, undoImportRun } from './imports.server.ts'
import { saveBag } from './bag.server.ts'
import { saveModule } from './module.server.ts'
import { transferSources } from './source-move.server.ts'

const db = useTestDb()

/** A file of one folder with `links` links, uploaded by `user`: its id and its folder's. */
async function oneFolder(user: Parameters<typeof storeBookmarkFile>[1], links: number) {
  const importId = await storeBookmarkFile(db(), user, { fileName: 'one.html', bytes: new TextEncoder().encode(generateBookmarkFile({ folders: 1, links })) })
  const { folders } = await importTree(db(), user, importId)
  return { importId, folderIds: folders.map((f) => f.id) }
}

/** A file of `links` links outside any folder, uploaded by `user`: its id and the links' ids. */
async function looseLinks(user: Parameters<typeof storeBookmarkFile>[1], links: number) {
  const html = `<DL><p>${Array.from({ length: links }, (_, i) => `<DT><A HREF="https://loose-${i}.example/">散 ${i}</A>`).join('\n')}</DL><p>`
  const importId = await storeBookmarkFile(db(), user, { fileName: 'loose.html', bytes: new TextEncoder().encode(html) })
  return { importId, folderIds: [], linkIds: (await importFolderLinks(db(), user, importId, null)).map((l) => l.id) }
}

const linksIn = async (bagId: number) =>
  (await db().select().from(sources).where(and(eq(sources.bagId, bagId), isNull(sources.deletedAt)))).filter((s) => s.type === 'link').length

test('going on in 继续 categories is the owner’s: a manager’s import that does not fit is refused and writes nothing', async () => {
  const owner = await createOwner(db(), ['目标'])
  const { user: manager } = await createUser(db())
  await db().insert(homepageMembers).values({ homepageId: owner.homepageId, userId: manager.id, permission: 'manager' })
  const bid = owner.bids[0]!

  const small = await oneFolder(manager, 30)
  const fits = await importPicked(db(), manager, { ...small, linkIds: [], bid })
  expect(fits).toMatchObject({ report: { folders: 1, links: 30, categories: 0 } })

  // 1 folder there, 150 loose links to add: 101 places needed, a 继续 category to make.
  const big = await looseLinks(manager, 150)
  await expect(importPicked(db(), manager, { ...big, bid })).rejects.toThrow(TOO_MANY_CHILDREN)
  const categories = await db().select().from(bags).where(eq(bags.moduleId, owner.moduleId))
  expect(categories.map((b) => b.name)).toEqual(['目标'])
  expect(await linksIn(bid)).toBe(30)

  // The owner's same import goes on in a 继续 category: nothing is dropped.
  const ownerBig = await looseLinks(owner.user, 150)
  const done = await importPicked(db(), owner.user, { ...ownerBig, bid })
  expect(done).toMatchObject({ report: { categories: 1, links: 150, continued: 1 } })
  const after = await db().select().from(bags).where(eq(bags.moduleId, owner.moduleId))
  expect(after.map((b) => b.name).sort()).toEqual(['目标', '目标 继续'])
  expect(await linksIn(bid)).toBe(30 + 99)
})

test('undo removes only the run’s rows still in the homepage it wrote to: what the owner moved to his own homepage stays, counted', async () => {
  const owner = await createOwner(db(), ['共享'])
  const { user: manager } = await createUser(db())
  await db().insert(homepageMembers).values({ homepageId: owner.homepageId, userId: manager.id, permission: 'manager' })
  // The owner's private homepage, which the manager cannot see.
  const own = await createHomepage(db(), owner.user, { title: '我自己的', summary: '', icon: '' })
  const ownModule = await saveModule(db(), owner.user, { homepageId: own.id, name: '私有', icon: 'tabler:lock', moduleType: 0 })
  const { bid: ownBid } = await saveBag(db(), owner.user, { moduleId: ownModule.moduleId, name: '收好', icon: 'tabler:star' })

  const file = await looseLinks(manager, 5)
  const run = await importPicked(db(), manager, { ...file, bid: owner.bids[0]! })
  if (run.runId === null) throw new Error('imported once')
  const imported = await db().select().from(sources).where(eq(sources.importRunId, run.runId))
  expect(imported).toHaveLength(5)
  const moved = imported.slice(0, 2).map((s) => s.id)
  await transferSources(db(), owner.user, { ids: moved, type: 'move', bid: ownBid })

  expect(await undoImportRun(db(), manager, run.runId)).toMatchObject({ removed: 3, kept: 2 })
  const left = await db().select().from(sources).where(eq(sources.importRunId, run.runId))
  expect(left.map((s) => [s.id, s.homepageId, s.deletedAt])).toEqual(moved.map((id) => [id, own.id, null]))
  expect(await linksIn(owner.bids[0]!)).toBe(0)
  const [record] = await db().select().from(importRuns).where(eq(importRuns.id, run.runId))
  expect(record!.undoneAt).not.toBeNull()
})

test('a whole import into a fresh homepage replaces its untouched 常用 / 常用网站; once a bookmark is there, it stays', async () => {
  const moduleNames = async (homepageId: number) => (await db().select().from(modules).where(eq(modules.homepageId, homepageId))).map((m) => m.name).sort()

  const { user: fresh } = await createUser(db())
  const homepageId = fresh.currentHomepageId!
  expect(await moduleNames(homepageId)).toEqual(['常用'])
  await importPicked(db(), fresh, { ...(await oneFolder(fresh, 3)), linkIds: [], homepageId })
  expect(await moduleNames(homepageId)).toEqual(['文件夹 0 & Folder'])
  expect(await db().select().from(bags).where(and(eq(bags.homepageId, homepageId), eq(bags.name, '常用网站')))).toEqual([])

  // A bookmark in the starter category (even in the trash) makes it the user's own: kept.
  const { user: used } = await createUser(db())
  const usedHomepage = used.currentHomepageId!
  const [starter] = await db().select().from(bags).where(eq(bags.homepageId, usedHomepage))
  await db().insert(sources).values({ homepageId: usedHomepage, bagId: starter!.id, type: 'link', name: '百度', url: 'https://www.baidu.com/', deletedAt: new Date() })
  await importPicked(db(), used, { ...(await oneFolder(used, 3)), linkIds: [], homepageId: usedHomepage })
  expect(await moduleNames(usedHomepage)).toEqual(['常用', '文件夹 0 & Folder'])
})

test('after an import of a whole file, the preview counts every link just imported as one the user has, folder by folder', async () => {
  const owner = await createOwner(db(), ['目标'])
  const bytes = await readFile(join(import.meta.dirname, '../../tests/fixtures/bookmarks/chrome-zh-deep-imported-folders.html'))
  const importId = await storeBookmarkFile(db(), owner.user, { fileName: 'deep.html', bytes })
  const before = await importTree(db(), owner.user, importId)
  const tops = before.folders.filter((f) => f.parentId === null).map((f) => f.id)
  await importPicked(db(), owner.user, { importId, folderIds: tops, linkIds: [], moduleId: owner.moduleId })

  const { folders } = await importTree(db(), owner.user, importId)
  const counts = (f: (typeof folders)[number]) => [f.name, f.total, f.totalDuplicates]
  // Folders with sub-folders (the file nests 7 deep) say it too, not only their own links.
  expect(folders.some((f) => f.total > f.count)).toBe(true)
  expect(folders.map(counts)).toEqual(folders.map((f) => [f.name, f.total, f.total]))
  expect(folders.filter((f) => f.totalSkipped).map((f) => f.name)).not.toEqual([])
})

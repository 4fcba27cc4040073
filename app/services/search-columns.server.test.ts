import { asc, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { sources } from '#app/db/schema/index.ts'
import { DividerSchema, FolderSchema, LinkSchema, NoteSourceSchema } from '#app/schemas/content.ts'
import { createOwner } from '#tests/db-utils.ts'
import { generateBookmarkFile } from '#tests/fixtures/bookmark-file.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { importPicked, importTree, storeBookmarkFile } from './imports.server.ts'
import { chooseTemplate } from './module-templates.server.ts'
import { searchColumns } from './search-index.ts'
import { backfillSearchColumns } from './search.server.ts'
import { seedDemo } from './seed.server.ts'
import { createNoteSource, renameSource, saveDivider, saveFolder, saveLink, transferSources } from './source.server.ts'
import { MODULE_TEMPLATES } from './templates/module-templates.ts'

const db = useTestDb()

/** Every bookmark row whose stored search columns are not what searchColumns makes of its fields. */
async function stale() {
  const rows = await db().select().from(sources).orderBy(asc(sources.id))
  return rows.flatMap((r) => {
    const want = searchColumns(r)
    return r.searchText === want.searchText && JSON.stringify(r.searchGrams) === JSON.stringify(want.searchGrams)
      ? []
      : [{ id: r.id, type: r.type, name: r.name, stored: r.searchText }]
  })
}

test('every write of a bookmark’s name, address or note stores its search columns', async () => {
  await seedDemo(db(), 'demo-password-1')
  const owner = await createOwner(db(), ['常用', '目标'])
  const [bid, target] = owner.bids as [number, number]
  const user = owner.user

  // Add, then edit each field, through the link form.
  const link = await saveLink(db(), user, LinkSchema.parse({ bid, name: '百度', url: 'https://www.baidu.com/', note: '搜索引擎' }))
  await saveLink(db(), user, LinkSchema.parse({ id: link.id, bid, name: '百度一下', url: 'https://baidu.com/s', note: '' }))
  // A form that leaves the icon out keeps the rest: the columns still follow the new fields.
  const folder = await saveFolder(db(), user, FolderSchema.parse({ bid, name: '开发工具', summary: '代码' }))
  await saveLink(db(), user, LinkSchema.parse({ bid, parentLinkId: folder.id, name: 'GitHub 代码托管', url: 'https://github.com/', note: '开源' }))
  await saveFolder(db(), user, FolderSchema.parse({ id: folder.id, bid, name: '开发', summary: '' }))
  const divider = await saveDivider(db(), user, DividerSchema.parse({ bid, name: '分割线' }))
  await saveDivider(db(), user, DividerSchema.parse({ id: divider.id, bid, name: '' }))
  await createNoteSource(db(), user, NoteSourceSchema.parse({ bid, remark: '记一笔' }))
  await renameSource(db(), user, link.id, '百度搜索')
  // Copy (a folder with its link) and move into the other category.
  await transferSources(db(), user, { ids: [folder.id, link.id], type: 'copy', bid: target })
  await transferSources(db(), user, { ids: [link.id], type: 'move', bid: target })
  await chooseTemplate(db(), user, { homepageId: owner.homepageId, templateId: MODULE_TEMPLATES[0]!.id })
  const importId = await storeBookmarkFile(db(), user, { fileName: 'b.html', bytes: new TextEncoder().encode(generateBookmarkFile({ folders: 2, links: 6 })) })
  const { folders } = await importTree(db(), user, importId)
  await importPicked(db(), user, { importId, folderIds: folders.filter((f) => f.parentId === null).map((f) => f.id), linkIds: [], homepageId: owner.homepageId })

  const rows = await db().select({ type: sources.type, n: sql<number>`count(*)::int` }).from(sources).groupBy(sources.type)
  expect(Object.fromEntries(rows.map((r) => [r.type, r.n]))).toMatchObject({ link: expect.any(Number), folder: expect.any(Number), divider: 1, note: 1 })
  expect(await stale()).toEqual([])
  // And the stored columns are not all empty: the test would pass on a table nobody indexes.
  const [renamed] = await db().select().from(sources).where(eq(sources.id, link.id))
  expect(renamed!.searchText.startsWith('百度搜索')).toBe(true)
})

test('bookmarks written before search existed are indexed once, in batches', async () => {
  const owner = await createOwner(db(), ['旧的'])
  const bid = owner.bids[0]!
  const old = Array.from({ length: 5 }, (_, i) => ({ homepageId: owner.homepageId, bagId: bid, type: 'link' as const, name: `旧书签 ${i}`, url: `https://old-${i}.example/`, sortKey: i }))
  await db().insert(sources).values([...old, { homepageId: owner.homepageId, bagId: bid, type: 'divider' as const, name: '', sortKey: 5 }])
  expect((await stale()).length).toBe(5)
  expect(await backfillSearchColumns(db(), 2)).toBe(5)
  expect(await stale()).toEqual([])
  expect(await backfillSearchColumns(db(), 2)).toBe(0)
})

import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { sources } from '#app/db/schema/index.ts'
import { ALL_HOMEPAGES } from '#app/schemas/export.ts'
import { CodeFormSchema, PostFormSchema } from '#app/schemas/notes.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { createOwner } from '#tests/db-utils.ts'
import { addGroupBookmark, addGroupMember, createGroup, createGroupCategory, groupWith } from '#tests/group-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NOT_FOUND } from './access.server.ts'
import { saveBag, sortBags, trashBag } from './bag.server.ts'
import { exportBookmarksHtml, exportData, exportJson, exportScopeOf, type ExportedCategory } from './export.server.ts'
import { moveGroupBookmark, reviewContribution, trashCategory, trashGroupBookmark } from './group-content.server.ts'
import { saveBannerParam, trashGroup } from './groups.server.ts'
import { createHomepage, trashHomepage } from './homepages.server.ts'
import { sortModules } from './module.server.ts'
import { createNotebookNote, createNotepadNote, deleteNote, saveNote } from './notes.server.ts'
import { saveCode, savePost } from './writings.server.ts'
import { sortSources } from './source-move.server.ts'
import { createNoteSource, recordClick, saveDivider, saveFolder, saveLink, toggleStar, trashSources } from './source.server.ts'

const db = useTestDb()

const link = (bid: number, name: string, extra: { note?: string; parentLinkId?: number; isOnlyOwnView?: boolean } = {}) => ({
  bid,
  name,
  url: `https://example.com/${encodeURIComponent(name)}`,
  note: extra.note ?? '',
  parentLinkId: extra.parentLinkId,
  isOnlyOwnView: extra.isOnlyOwnView ?? false,
  isOnlyOwnViewRemark: '',
})

/**
 * An owner whose homepage holds, besides the starter module 常用 / 常用网站, a module 工作 with
 * 甲 (sub-category 甲一, links b then a put in the order a, b, a folder 文件夹 holding 里面, a
 * private link, a note, a divider and a trashed link) and 乙; then 乙 is moved before 甲 and 工作
 * before 常用, so order has to come from sort_key, not from ids.
 */
async function ownerWithContent() {
  const owner = await createOwner(db(), ['甲', '乙', '丙'])
  const [jia, yi, bing] = owner.bids as [number, number, number]
  const u = owner.user
  const sub = await saveBag(db(), u, { moduleId: owner.moduleId, parentId: jia, name: '甲一', icon: 'tabler:tool' })
  await saveLink(db(), u, link(sub.bid, '子链接'))
  const b = await saveLink(db(), u, link(jia, 'b', { note: 'b 的备注' }))
  const a = await saveLink(db(), u, link(jia, 'a'))
  const folder = await saveFolder(db(), u, { bid: jia, name: '文件夹', summary: '文件夹备注', icon: '' })
  await saveLink(db(), u, link(jia, '里面', { parentLinkId: folder.id }))
  const secret = await saveLink(db(), u, link(jia, '私密', { isOnlyOwnView: true }))
  await createNoteSource(db(), u, { bid: jia, remark: '一条便签' })
  await saveDivider(db(), u, { bid: jia, name: '分割', align: 'center', style: 'solid' })
  const gone = await saveLink(db(), u, link(jia, '删掉的'))
  await trashSources(db(), u, [gone.id])
  await trashBag(db(), u, bing)
  await sortSources(db(), u, { bid: jia, ids: [a.id, b.id, folder.id, secret.id] })
  await sortBags(db(), u, [yi, jia])
  const modules = await db().query.modules.findMany({ where: (m, { eq }) => eq(m.homepageId, owner.homepageId) })
  const starter = modules.find((m) => m.name === '常用')!
  await sortModules(db(), u, [owner.moduleId, starter.id])
  await toggleStar(db(), u, a.id)
  await recordClick(db(), u, a.id)
  return { ...owner, ids: { a: a.id, b: b.id, secret: secret.id, folder: folder.id } }
}

/** A bookmark file as an indented outline of folders and links, read from its DT lines. */
function outline(html: string) {
  return html
    .split('\n')
    .map((line) => line.match(/^( *)<DT><(?:H3[^>]*>(.*)<\/H3>|A [^>]*>(.*)<\/A>)$/))
    .filter((m) => m !== null)
    .map((m) => `${' '.repeat(m[1]!.length / 2 - 2)}${m[2] !== undefined ? `[${m[2]}]` : m[3]}`)
}

describe('the browser bookmark file', () => {
  test('one homepage: modules, then categories with sub-categories, folders and links, in page order; nothing else', async () => {
    const owner = await ownerWithContent()
    const file = await exportBookmarksHtml(db(), owner.user, owner.homepageId)
    expect(outline(file.body)).toEqual([
      '[工作]',
      '  [乙]',
      '  [甲]',
      '    [甲一]',
      '      子链接',
      '    a',
      '    b',
      '    [文件夹]',
      '      里面',
      '    私密',
      '[常用]',
      '  [常用网站]',
    ])
    expect(file.body).not.toContain('一条便签')
    expect(file.body).not.toContain('删掉的')
    expect(file.body).not.toContain('丙')
    // Descriptions from notes, for links and for bookmark folders.
    expect(file.body).toMatch(/<DT><A HREF="https:\/\/example.com\/b" ADD_DATE="\d{10}">b<\/A>\n {12}<DD>b 的备注\n/)
    expect(file.body).toMatch(/<DT><H3 ADD_DATE="\d{10}">文件夹<\/H3>\n {12}<DD>文件夹备注\n {12}<DL><p>/)
    expect(file.contentType).toBe('text/html; charset=utf-8')
  })

  test('ADD_DATE is the row creation time in seconds', async () => {
    const owner = await createOwner(db(), ['时间'])
    const created = await saveLink(db(), owner.user, link(owner.bids[0]!, '有日期'))
    await db().update(sources).set({ createdAt: new Date('2020-05-06T07:08:09.900Z') }).where(eq(sources.id, created.id))
    const { body } = await exportBookmarksHtml(db(), owner.user, owner.homepageId)
    expect(body).toContain('<DT><A HREF="https://example.com/%E6%9C%89%E6%97%A5%E6%9C%9F" ADD_DATE="1588748889">有日期</A>')
  })

  test('all homepages: one folder per live homepage above its modules; a trashed homepage is left out', async () => {
    const owner = await createOwner(db(), ['第一页的分类'])
    const second = await createHomepage(db(), owner.user, { title: '第二页', summary: '第二页简介', icon: 'tabler:home', code: undefined })
    const third = await createHomepage(db(), owner.user, { title: '第三页', summary: '', icon: 'tabler:home', code: undefined })
    await trashHomepage(db(), owner.user, third.id)
    const { body, filename, asciiFilename } = await exportBookmarksHtml(db(), owner.user, ALL_HOMEPAGES, {
      now: new Date('2026-11-24T17:00:00Z'),
    })
    // Newest first, as the homepage list shows them; the default one is named after its owner.
    expect(outline(body)).toEqual([
      '[第二页]',
      '  [常用]',
      '    [常用网站]',
      `[${owner.user.nickname}的主页]`,
      '  [常用]',
      '    [常用网站]',
      '  [工作]',
      '    [第一页的分类]',
    ])
    expect(body).toContain('<DT><H3 ADD_DATE=')
    expect(body).toMatch(/>第二页<\/H3>\n {4}<DD>第二页简介\n/)
    expect(body).not.toContain('第三页')
    // The date of the file name is the Beijing date.
    expect(filename).toBe('起页书签-全部主页-2026-11-25.html')
    expect(asciiFilename).toBe('qiye-bookmarks-2026-11-25.html')
    expect((await exportBookmarksHtml(db(), owner.user, second.id, { now: new Date('2026-11-24T15:00:00Z') })).filename).toBe('起页书签-第二页-2026-11-24.html')
  })

  test('never another user’s homepage, nor a trashed one: NOT_FOUND; guests must sign in', async () => {
    const owner = await ownerWithContent()
    const stranger = await createOwner(db(), ['陌生人的分类'])
    await expect(exportBookmarksHtml(db(), stranger.user, owner.homepageId)).rejects.toThrow(new DomainError(NOT_FOUND))
    await expect(exportJson(db(), stranger.user, owner.homepageId)).rejects.toThrow(NOT_FOUND)
    const all = await exportBookmarksHtml(db(), stranger.user, ALL_HOMEPAGES)
    expect(all.body).toContain('陌生人的分类')
    expect(all.body).not.toContain('甲一')
    const trashed = await createHomepage(db(), owner.user, { title: '要删的', summary: '', icon: 'tabler:home', code: undefined })
    await trashHomepage(db(), owner.user, trashed.id)
    await expect(exportBookmarksHtml(db(), owner.user, trashed.id)).rejects.toThrow(NOT_FOUND)
    await expect(exportBookmarksHtml(db(), null, owner.homepageId)).rejects.toBeInstanceOf(NotSignedInError)
    await expect(exportData(db(), null, ALL_HOMEPAGES)).rejects.toBeInstanceOf(NotSignedInError)
  })

  test('a blacklisted link does not leave through an export', async () => {
    const owner = await createOwner(db(), ['违规'])
    const bad = await saveLink(db(), owner.user, link(owner.bids[0]!, '违规链接'))
    await db().update(sources).set({ blacklist: true }).where(eq(sources.id, bad.id))
    expect((await exportBookmarksHtml(db(), owner.user, owner.homepageId)).body).not.toContain('example.com')
    const data = await exportData(db(), owner.user, owner.homepageId)
    const [row] = data.homepages[0]!.modules[1]!.categories[0]!.sources
    expect(row).toMatchObject({ name: '违规链接', url: null, blacklisted: true })
  })
})

describe('the JSON export', () => {
  test('everything the user owns as a tree, every bookmark type, with its fields and no ids', async () => {
    const owner = await ownerWithContent()
    const now = new Date('2026-11-25T01:02:03Z')
    const data = await exportData(db(), owner.user, ALL_HOMEPAGES, now)
    expect(data.version).toBe(1)
    expect(data.exportedAt).toBe('2026-11-25T01:02:03.000Z')
    expect(data.homepages).toHaveLength(1)
    expect(data.groups).toEqual({ owned: [], joined: [] })
    const [homepage] = data.homepages
    expect(homepage).toMatchObject({ title: `${owner.user.nickname}的主页`, name: `${owner.user.nickname}的主页`, isDefault: true, isOpen: false, settings: {}, layout: {}, skin: {} })
    expect(homepage!.modules.map((m) => m.name)).toEqual(['工作', '常用'])
    const names = (list: ExportedCategory[]) => list.map((c) => c.name)
    const work = homepage!.modules[0]!
    expect(names(work.categories)).toEqual(['乙', '甲'])
    const jia = work.categories[1]!
    expect(names(jia.categories)).toEqual(['甲一'])
    expect(jia.categories[0]!.sources.map((s) => s.name)).toEqual(['子链接'])
    expect(jia.sources.map((s) => [s.type, s.name])).toEqual([
      ['link', 'a'],
      ['link', 'b'],
      ['folder', '文件夹'],
      ['link', '私密'],
      ['note', '一条便签'],
      ['divider', '分割'],
    ])
    const [a, b, folder, secret] = jia.sources
    expect(a).toMatchObject({ url: 'https://example.com/a', liked: true, clickAmount: 1, isPrivate: false, blacklisted: false })
    expect(a!.clickTime).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(b).toMatchObject({ note: 'b 的备注', liked: false, clickAmount: 0, clickTime: null })
    expect(folder).toMatchObject({ note: '文件夹备注', children: [expect.objectContaining({ name: '里面', type: 'link' })] })
    expect(secret).toMatchObject({ isPrivate: true })
    const text = (await exportJson(db(), owner.user, ALL_HOMEPAGES, { now })).body
    expect(JSON.parse(text)).toEqual(data)
    expect(text).not.toMatch(/"(id|userId|homepageId|bagId|parentId|sortKey|deletedAt)"/)
    expect(text).not.toContain('删掉的')
    expect(text).not.toContain('丙')
  })

  test('a note bookmark carries its notepad, its trash too; the export of every homepage carries the notebook', async () => {
    const owner = await createOwner(db(), ['读书'])
    const kept = await createNotepadNote(db(), owner.user, { bid: owner.bids[0]! })
    await saveNote(db(), owner.user, { noteId: kept.id, title: '第一章', content: '<p>开头</p>' })
    const trashed = await createNotepadNote(db(), owner.user, { bookmarkId: kept.bookmarkId! })
    await deleteNote(db(), owner.user, trashed.id, 'blank')
    await createNotebookNote(db(), owner.user, { title: '想法', url: 'https://example.com/', content: '<p>记下</p>' })
    const notepadOf = (data: Awaited<ReturnType<typeof exportData>>) =>
      data.homepages[0]!.modules.flatMap((m) => m.categories).flatMap((c) => c.sources).find((s) => s.type === 'note')!.notes
    const all = await exportData(db(), owner.user, ALL_HOMEPAGES)
    expect(notepadOf(all)).toMatchObject([
      { title: '第一章', content: '<p>开头</p>', inTrash: false },
      { title: '', content: '', inTrash: true },
    ])
    expect(all.notebook).toMatchObject([{ title: '想法', content: '<p>记下</p>', url: 'https://example.com/', inTrash: false }])
    const one = await exportData(db(), owner.user, owner.homepageId)
    expect(notepadOf(one)).toHaveLength(2)
    expect(one).not.toHaveProperty('notebook')
  })

  test('a post and a snippet: their text in the JSON, a bookmark of their page in the browser file', async () => {
    const owner = await createOwner(db(), ['写作'])
    const postId = await savePost(db(), owner.user, PostFormSchema.parse({ bid: owner.bids[0], title: '一篇', content: '<p>正文</p>' }))
    const codeId = await saveCode(db(), owner.user, CodeFormSchema.parse({ cid: owner.bids[0], title: '片段', language: 'python', code: 'print(1)' }))
    const sources = (await exportData(db(), owner.user, owner.homepageId)).homepages[0]!.modules.flatMap((m) => m.categories).flatMap((c) => c.sources)
    expect(sources.filter((s) => s.type === 'post' || s.type === 'code').map((s) => [s.type, s.name, s.body])).toEqual([
      ['post', '一篇', { content: '<p>正文</p>' }],
      ['code', '片段', { content: 'print(1)', language: 'python' }],
    ])
    const html = (await exportBookmarksHtml(db(), owner.user, owner.homepageId, { origin: 'https://qiye.example' })).body
    expect(html).toContain(`<A HREF="https://qiye.example/blog/detail/${postId}"`)
    expect(html).toContain(`<A HREF="https://qiye.example/blog/detail/${codeId}"`)
  })

  test('one homepage only, with its file names', async () => {
    const owner = await createOwner(db(), ['x'])
    const other = await createHomepage(db(), owner.user, { title: 'a/b:c', summary: '', icon: 'tabler:home', code: undefined })
    const file = await exportJson(db(), owner.user, other.id, { now: new Date('2026-01-01T00:00:00Z') })
    expect((JSON.parse(file.body) as { homepages: { title: string }[] }).homepages.map((h) => h.title)).toEqual(['a/b:c'])
    expect(file.filename).toBe('起页数据-a_b_c-2026-01-01.json')
    expect(file.asciiFilename).toBe(`qiye-data-${other.id}-2026-01-01.json`)
    expect(file.contentType).toBe('application/json; charset=utf-8')
  })
})

describe('groups in the JSON export', () => {
  test('with every homepage: the groups the user owns, with their shown bookmarks in order, and those they belong to, by id', async () => {
    const g = await groupWith(db(), { categories: ['设计', '开发'], members: 1 })
    const [design, dev] = g.cids as [number, number]
    await saveBannerParam(db(), g.owner, { groupId: g.groupId, key: 'color', value: '#112233' })
    const second = await addGroupBookmark(db(), g.owner, design, '第二')
    await addGroupBookmark(db(), g.admin, design, '第一')
    await moveGroupBookmark(db(), g.owner, { id: second.id, cmd: 'down' })
    await addGroupBookmark(db(), g.member, design, '待审的')
    const rejected = await addGroupBookmark(db(), g.member, design, '拒绝的')
    await reviewContribution(db(), g.owner, { id: rejected.id, status: 'rejected' })
    const removed = await addGroupBookmark(db(), g.owner, dev, '删掉的')
    await trashGroupBookmark(db(), g.owner, removed.id)
    const gone = await createGroupCategory(db(), g.owner, g.groupId, '回收站里的')
    await addGroupBookmark(db(), g.owner, gone, '看不见')
    await trashCategory(db(), g.owner, gone)
    const trashed = await createGroup(db(), g.owner, { name: '回收站的小组' })
    await trashGroup(db(), g.owner, trashed)
    // The owner belongs to someone else's group as an administrator.
    const other = await groupWith(db(), { categories: [] })
    await addGroupMember(db(), other.groupId, g.owner, 'admin')

    const data = await exportData(db(), g.owner, ALL_HOMEPAGES)
    expect(data.groups!.owned).toEqual([
      {
        name: '设计资源',
        summary: '好用的网站',
        icon: 'tabler:users',
        isOpen: true,
        indexMode: 'category',
        banner: { color: '#112233' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        categories: [
          {
            title: '设计',
            icon: 'tabler:folder',
            createdAt: expect.any(String),
            bookmarks: [
              { name: '第一', url: 'https://example.com/%E7%AC%AC%E4%B8%80', note: '', icon: '', createdAt: expect.any(String) },
              { name: '第二', url: 'https://example.com/%E7%AC%AC%E4%BA%8C', note: '', icon: '', createdAt: expect.any(String) },
            ],
          },
          { title: '开发', icon: 'tabler:folder', createdAt: expect.any(String), bookmarks: [] },
        ],
      },
    ])
    expect(data.groups!.joined).toEqual([{ id: other.groupId, name: '设计资源', permission: 'admin' }])
    // A member's export names the group, not its content.
    expect((await exportData(db(), g.member, ALL_HOMEPAGES)).groups).toEqual({ owned: [], joined: [{ id: g.groupId, name: '设计资源', permission: 'member' }] })
    // One homepage's export has no groups, as it has no notebook.
    expect(await exportData(db(), g.owner, g.owner.currentHomepageId!)).not.toHaveProperty('groups')
    const text = (await exportJson(db(), g.owner, ALL_HOMEPAGES)).body
    for (const hidden of ['待审的', '拒绝的', '删掉的', '看不见', '回收站']) expect(text).not.toContain(hidden)
  })
})

test('exportScopeOf: all by default, an id, or NOT_FOUND', () => {
  expect(exportScopeOf(null)).toBe(ALL_HOMEPAGES)
  expect(exportScopeOf('')).toBe(ALL_HOMEPAGES)
  expect(exportScopeOf('all')).toBe(ALL_HOMEPAGES)
  expect(exportScopeOf('42')).toBe(42)
  for (const bad of ['0', '-1', '1e3', 'abc', '99999999999', ' 7']) expect(() => exportScopeOf(bad), bad).toThrow(NOT_FOUND)
})

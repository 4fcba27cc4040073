import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { parseBookmarkFile } from '#app/bookmark-files/parse.ts'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * Browser bookmark files over HTTP: POST /api/import/upload, the preview calls (/api/import/folder,
 * /api/import/link), POST /api/source/import, history and undo. Every real export in
 * tests/fixtures/bookmarks/ uploads with the counts of its SOURCES.md.
 */

const baseUrl = inject('baseUrl')
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'bookmarks')
const NOT_FOUND = '内容不存在或已被删除'

/** SOURCES.md's table: bookmarks (<A>) and folders (<H3>) of each file. */
const SOURCES: Record<string, { links: number; folders: number }> = {
  'chrome-en-toolbar-icons-crlf.html': { links: 18, folders: 7 },
  'chrome-zh-deep-imported-folders.html': { links: 138, folders: 43 },
  'edge-zh-favorites-bar.html': { links: 85, folders: 9 },
  'firefox-en-tags-separators.html': { links: 24, folders: 6 },
  'firefox-zh-keywords-descriptions.html': { links: 133, folders: 4 },
  'safari-zh-folded-reading-list.html': { links: 218, folders: 27 },
  '360chrome-zh-mobile-favorites.html': { links: 68, folders: 2 },
  'ie11-en-bom-folded.htm': { links: 27, folders: 9 },
}

async function upload(client: Client, bytes: Uint8Array, name: string, type = 'text/html') {
  const body = new FormData()
  body.set('file', new File([new Uint8Array(bytes)], name, { type }))
  const response = await client.request('/api/import/upload', { method: 'POST', body, headers: client.sameOrigin })
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; fileId?: number } }
}

async function uploadOk(client: Client, bytes: Uint8Array, name: string) {
  const { body } = await upload(client, bytes, name)
  expect(body, body.msg).toMatchObject({ code: 1, msg: '上传成功' })
  return body.fileId!
}

type ApiFolder = { id: number; parentId: number | null; name: string; count: number; total: number; skipped: number; duplicates: number }
type ApiLink = { id: number; name: string; url: string; rawUrl: string; skip: string | null; duplicate: boolean }

/** The web links of an upload as the preview calls give them: "folder path → url", each folder's own links. */
async function previewedLinks(client: Client, fileId: number) {
  const tree = await ok(get(client, '/api/import/folder', { fileId }))
  const folders = tree.list as ApiFolder[]
  const byId = new Map(folders.map((f) => [f.id, f]))
  const pathOf = (id: number | null): string => {
    const parts: string[] = []
    for (let f = id === null ? undefined : byId.get(id); f; f = f.parentId === null ? undefined : byId.get(f.parentId)) parts.unshift(f.name)
    return parts.join(' > ')
  }
  const entries: string[] = []
  const add = (folderId: number | null, links: ApiLink[]) => {
    for (const l of links) entries.push(`${pathOf(folderId)} → ${l.skip ? `[${l.skip}] ${l.rawUrl}` : l.url}`)
  }
  add(null, await ok(get(client, '/api/import/link', { fileId })))
  for (const f of folders) add(f.id, await ok(get(client, '/api/import/link', { id: f.id })))
  return { tree, folders, entries }
}

/** The same, from the file itself (what the parser read): each link's folder path and address. */
function parsedLinks(bytes: Uint8Array) {
  const parsed = parseBookmarkFile(bytes)
  const pathOf = (index: number | null): string => {
    const parts: string[] = []
    for (let i = index; i !== null; i = parsed.folders[i]!.parent) parts.unshift(parsed.folders[i]!.name)
    return parts.join(' > ')
  }
  return parsed.links.map((l) => {
    const path = pathOf(l.folder)
    try {
      const url = new URL(l.url.trim())
      if (url.protocol === 'http:' || url.protocol === 'https:') return `${path} → ${url.href}`
      return `${path} → [scheme] ${l.url.trim()}`
    } catch {
      return `${path} → [invalid] ${l.url.trim()}`
    }
  })
}

let owner: Awaited<ReturnType<typeof signUp>>

beforeAll(async () => {
  owner = await signUp(baseUrl, '导入用户')
})

describe('every real browser export uploads and previews', () => {
  for (const [file, counts] of Object.entries(SOURCES)) {
    test(file, async () => {
      const bytes = readFileSync(join(FIXTURES, file))
      const fileId = await uploadOk(owner.client, bytes, file)
      const { tree, folders, entries } = await previewedLinks(owner.client, fileId)
      expect({ links: tree.linkCount, folders: tree.folderCount }).toEqual(counts)
      expect(folders).toHaveLength(counts.folders)
      expect(entries).toHaveLength(counts.links)
      // Every link in its own folder (the same multiset of "path → address" as the file).
      expect([...entries].sort()).toEqual(parsedLinks(bytes).sort())
      // Counts: a folder's total is its own web links plus everything below it.
      expect(tree.root.count + folders.filter((f) => f.parentId === null).reduce((n, f) => n + f.total, 0)).toBe(
        entries.filter((e) => !e.includes('→ [')).length,
      )
    })
  }

  test('spot checks: Firefox folder descriptions keep their links inside; Safari has no root list; IE’s BOM', async () => {
    const firefox = await uploadOk(owner.client, readFileSync(join(FIXTURES, 'firefox-en-tags-separators.html')), 'ff.html')
    const ff = await previewedLinks(owner.client, firefox)
    const comics = ff.folders.find((f) => f.name === 'Comics')!
    expect(comics).toBeDefined()
    expect(ff.entries.filter((e) => e.includes('Comics →')).length).toBe(comics.count)
    expect(comics.count).toBeGreaterThan(0)
    expect(ff.entries.some((e) => e.includes('[scheme] place:'))).toBe(true)

    const safari = await previewedLinks(owner.client, await uploadOk(owner.client, readFileSync(join(FIXTURES, 'safari-zh-folded-reading-list.html')), 's.html'))
    expect(safari.folders.filter((f) => f.parentId === null).map((f) => f.name)).toContain('个人收藏')

    const ie = await previewedLinks(owner.client, await uploadOk(owner.client, readFileSync(join(FIXTURES, 'ie11-en-bom-folded.htm')), 'ie.htm'))
    expect(ie.folders.map((f) => f.name)).toContain('Links')
    expect(ie.folders.every((f) => !f.name.startsWith('\uFEFF'))).toBe(true)
  })
})

const HOSTILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1>
<DL><p>
  <DT><H3>工具</H3>
  <DL><p>
    <DT><A HREF="javascript:alert(document.cookie)">书签脚本</A>
    <DT><A HREF="data:text/html,<script>alert(1)</script>">数据</A>
    <DT><A HREF="place:sort=8">最近</A>
    <DT><A HREF="file:///etc/passwd">本地文件</A>
    <DT><A HREF="chrome://settings/">设置</A>
    <DT><A HREF="https://user:pw@example.com/">带密码</A>
    <DT><A HREF="https://example.com/a?x=1&y=2">正常 &lt;b&gt;</A>
    <DD>一个描述
    <DT><A HREF="http://example.org/">另一个</A>
  </DL><p>
  <DT><H3>空的</H3>
  <DL><p>
  </DL><p>
  <DT><A HREF="https://loose.example/">散落的</A>
</DL><p>
`

async function modulesOf(client: Client, homepageId: number) {
  return (await ok(get(client, '/api/module/get-list', { homepageId }))) as Array<{ moduleId: number; name: string }>
}
async function categoriesOf(client: Client, moduleId: number) {
  return (await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: moduleId }))) as Array<{ bid: number; name: string }>
}
async function itemsOf(client: Client, bid: number) {
  const page = await ok(get(client, '/api/bookmark/list', { bid, size: 100, withChild: 1 }))
  return page.list as Array<{ id: number; type: string; name: string; url: string | null; note: string; private: boolean; children?: Array<{ name: string; url: string }> }>
}

describe('importing the picked part', () => {
  test('unsafe addresses are skipped and reported; a folder and a loose link go into a category; a double submit imports once', async () => {
    const { client, homepageId } = owner
    const fileId = await uploadOk(client, new TextEncoder().encode(HOSTILE), 'hostile.html')
    const { folders } = await previewedLinks(client, fileId)
    const tools = folders.find((f) => f.name === '工具')!
    expect(tools).toMatchObject({ count: 2, skipped: 6 })
    const rootLinks = (await ok(get(client, '/api/import/link', { fileId }))) as ApiLink[]
    const [module] = await modulesOf(client, homepageId)
    const [category] = await categoriesOf(client, module!.moduleId)
    const before = await itemsOf(client, category!.bid)

    const body = { fileId, folderIds: [tools.id], ids: [rootLinks[0]!.id], bid: category!.bid, key: 'import-once' }
    const first = await ok(post(client, '/api/source/import', body))
    expect(first.report).toMatchObject({ links: 3, folders: 1, skipped: { scheme: 5, invalid: 1, duplicate: 0 } })
    const again = await post(client, '/api/source/import', body)
    expect(again.body).toMatchObject({ code: 1, data: { runId: null, repeated: true } })

    const after = await itemsOf(client, category!.bid)
    expect(after.slice(0, before.length).map((i) => i.id)).toEqual(before.map((i) => i.id))
    const added = after.slice(before.length)
    expect(added.map((i) => [i.type, i.name])).toEqual([
      ['folder', '工具'],
      ['link', '散落的'],
    ])
    expect(added[0]!.children!.map((c) => [c.name, c.url])).toEqual([
      ['正常 <b>', 'https://example.com/a?x=1&y=2'],
      ['另一个', 'http://example.org/'],
    ])
    expect(added.every((i) => !i.private)).toBe(true)

    // Undo removes exactly what the import added: the category is as it was.
    expect((await post(client, '/api/import/undo', { runId: first.runId })).body).toMatchObject({ code: 1, msg: '已撤销这次导入' })
    expect((await itemsOf(client, category!.bid)).map((i) => i.id)).toEqual(before.map((i) => i.id))
    expect((await post(client, '/api/import/undo', { runId: first.runId })).body).toMatchObject({ code: 0, msg: '这次导入已经撤销' })
  })

  test('as new categories of a module, an empty folder counted, not made; the duplicates of what one has are left out when asked', async () => {
    const { client, homepageId } = owner
    const fileId = await uploadOk(client, new TextEncoder().encode(HOSTILE), 'hostile.html')
    const { folders } = await previewedLinks(client, fileId)
    const [module] = await modulesOf(client, homepageId)
    const before = await categoriesOf(client, module!.moduleId)
    const run = await ok(post(client, '/api/source/import', { fileId, folderIds: folders.map((f) => f.id).join(','), moduleId: module!.moduleId }))
    const after = await categoriesOf(client, module!.moduleId)
    expect(after.slice(before.length).map((c) => c.name)).toEqual(['工具'])
    expect(run.report).toMatchObject({ categories: 1, links: 2, empty: 1 })

    // Everything in it already there: nothing to import, and no empty category made for it.
    const twice = await post(client, '/api/source/import', { fileId, folderIds: [folders[0]!.id], moduleId: module!.moduleId, skipDuplicates: true })
    expect(twice.body).toMatchObject({ code: 0, msg: '没有可导入的书签' })
    expect(await categoriesOf(client, module!.moduleId)).toEqual(after)
    const dupes = (await ok(get(client, '/api/import/link', { id: folders[0]!.id }))) as ApiLink[]
    expect(dupes.filter((l) => l.duplicate).map((l) => l.name)).toEqual(['正常 <b>', '另一个'])
  })

  test('refusals: not HTML, too big, binary, nothing picked, another user’s file, a guest', async () => {
    const { client, homepageId } = owner
    expect((await upload(client, new TextEncoder().encode('<dl>'), 'bookmarks.txt')).body).toMatchObject({ code: 0, msg: '请上传HTML格式的书签文件' })
    expect((await upload(client, new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), 'evil.html')).body).toMatchObject({ code: 0, msg: '请上传HTML格式的书签文件' })
    expect((await upload(client, new Uint8Array(2 * 1024 * 1024 + 10).fill(0x20), 'big.html')).body).toMatchObject({ code: 0, msg: '文件大小不能超过2M' })
    expect((await upload(client, new TextEncoder().encode('<html><body>hello</body></html>'), 'page.html')).body).toMatchObject({ code: 0 })

    const fileId = await uploadOk(client, new TextEncoder().encode(HOSTILE), 'mine.html')
    const [module] = await modulesOf(client, homepageId)
    expect((await post(client, '/api/source/import', { fileId, moduleId: module!.moduleId })).body).toMatchObject({ code: 0, msg: '请选择要导入的文件夹或书签' })

    const stranger = await signUp(baseUrl, '别人')
    expect((await get(stranger.client, '/api/import/folder', { fileId })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    const folders = (await ok(get(client, '/api/import/folder', { fileId }))).list as ApiFolder[]
    expect((await get(stranger.client, '/api/import/link', { id: folders[0]!.id })).body).toMatchObject({ code: 0, msg: NOT_FOUND })
    const intoMine = await post(stranger.client, '/api/source/import', { fileId, folderIds: [folders[0]!.id], homepageId: stranger.homepageId })
    expect(intoMine.body).toMatchObject({ code: 0, msg: NOT_FOUND })
    // Their own upload into my homepage: refused, nothing written.
    const theirs = await uploadOk(stranger.client, new TextEncoder().encode(HOSTILE), 'theirs.html')
    const theirFolders = (await ok(get(stranger.client, '/api/import/folder', { fileId: theirs }))).list as ApiFolder[]
    const before = await modulesOf(client, homepageId)
    const intoOwner = await post(stranger.client, '/api/source/import', { fileId: theirs, folderIds: [theirFolders[0]!.id], homepageId })
    expect(intoOwner.body.code).toBe(0)
    expect(await modulesOf(client, homepageId)).toEqual(before)

    const guest = createClient(baseUrl)
    expect((await upload(guest, new TextEncoder().encode(HOSTILE), 'g.html')).status).toBe(403)
    expect((await get(guest, '/api/import/view-history')).status).toBe(403)
  })

  test('`ids: []` means no single links; picked ids not in the file import nothing: said so, nothing written, no notice', async () => {
    const user = await signUp(baseUrl, '空导入')
    const fileId = await uploadOk(user.client, new TextEncoder().encode(HOSTILE), 'empty.html')
    const { folders } = await previewedLinks(user.client, fileId)
    const [module] = await modulesOf(user.client, user.homepageId)
    const [category] = await categoriesOf(user.client, module!.moduleId)
    const notices = async () => (await ok(get(user.client, '/api/site/init-info'))).noticeAmount as number

    const before = { items: await itemsOf(user.client, category!.bid), notices: await notices() }
    const nothing = await post(user.client, '/api/source/import', { fileId, ids: [2_000_000_000], bid: category!.bid })
    expect(nothing.body).toEqual({ code: 0, msg: '没有可导入的书签', data: null })
    expect({ items: await itemsOf(user.client, category!.bid), notices: await notices() }).toEqual(before)

    const folderOnly = await ok(post(user.client, '/api/source/import', { fileId, ids: [], folderIds: [folders.find((f) => f.name === '工具')!.id], bid: category!.bid }))
    expect(folderOnly.report).toMatchObject({ folders: 1, links: 2 })
    expect(await notices()).toBe(before.notices + 1)
  })

  test('history keeps the last five, newest first; delete removes uploads, not what was imported', async () => {
    const user = await signUp(baseUrl, '历史')
    const ids: number[] = []
    for (let i = 1; i <= 7; i++) ids.push(await uploadOk(user.client, new TextEncoder().encode(HOSTILE), `file-${i}.html`))
    const history = (await ok(get(user.client, '/api/import/view-history'))) as Array<{ id: number; title: string; createTime: string }>
    expect(history.map((h) => h.title)).toEqual(['file-7.html', 'file-6.html', 'file-5.html', 'file-4.html', 'file-3.html'])
    expect((await get(user.client, '/api/import/folder', { fileId: ids[0] })).body).toMatchObject({ code: 0, msg: NOT_FOUND })

    const [module] = await modulesOf(user.client, user.homepageId)
    const folders = (await ok(get(user.client, '/api/import/folder', { fileId: ids[6] }))).list as ApiFolder[]
    await ok(post(user.client, '/api/source/import', { fileId: ids[6], folderIds: [folders[0]!.id], moduleId: module!.moduleId }))
    expect(await ok(post(user.client, '/api/import/delete', { ids: [ids[6], ids[5]] }))).toEqual({ count: 2 })
    expect(((await ok(get(user.client, '/api/import/view-history'))) as unknown[]).length).toBe(3)
    expect((await categoriesOf(user.client, module!.moduleId)).map((c) => c.name)).toContain('工具')
  })
})

describe('export, then import into an empty account', () => {
  /** A homepage's modules › categories › bookmarks (folders with their links) as names, addresses and notes, without ids. */
  async function tree(client: Client, homepageId: number) {
    const modules = await modulesOf(client, homepageId)
    return Promise.all(
      modules.map(async (m) => ({
        module: m.name,
        categories: await Promise.all(
          (await categoriesOf(client, m.moduleId)).map(async (c) => ({
            category: c.name,
            items: (await itemsOf(client, c.bid)).map((i) =>
              i.type === 'folder' ? { folder: i.name, note: i.note, links: i.children!.map((l) => [l.name, l.url]) } : [i.name, i.url, i.note],
            ),
          })),
        ),
      })),
    )
  }

  test('reproduces names, addresses, notes, the tree and the order (hostile names too)', async () => {
    const a = await signUp(baseUrl, '导出的人')
    const hostile = `</A><script>alert("x")</script> & 'q' <DL>`
    const work = await ok(post(a.client, '/api/module/add', { homepageId: a.homepageId, name: '工作 & <学习>', icon: 'tabler:briefcase', moduleType: 0 }))
    const dev = await ok(post(a.client, '/api/bag/add', { moduleId: work.moduleId, name: '开发 "引号"', icon: 'tabler:code' }))
    await ok(post(a.client, '/api/source/add', { bid: dev.bid, sour_name: 'GitHub', sour_url: 'https://github.com/', note: '代码托管\n第二行' }))
    const tools = await ok(post(a.client, '/api/bookmark/add-folder', { bid: dev.bid, name: '工具箱', summary: '常用工具' }))
    await ok(post(a.client, '/api/source/add', { bid: dev.bid, parentLinkId: tools.id, sour_name: 'Regex101', sour_url: 'https://regex101.com/' }))
    await ok(post(a.client, '/api/source/add', { bid: dev.bid, parentLinkId: tools.id, sour_name: hostile, sour_url: 'https://evil.example/?a=1&b=2#x' }))
    await ok(post(a.client, '/api/source/add', { bid: dev.bid, sour_name: '最后一个', sour_url: 'http://last.example/' }))
    await ok(post(a.client, '/api/bag/add', { moduleId: work.moduleId, name: '空分类', icon: 'tabler:code' }))
    const expected = await tree(a.client, a.homepageId)

    const exported = await a.client.request(`/user/export/bookmarks.html?homepage=${a.homepageId}`)
    expect(exported.status).toBe(200)
    const bytes = new Uint8Array(await exported.arrayBuffer())

    const b = await signUp(baseUrl, '导入的人')
    const fileId = await uploadOk(b.client, bytes, 'qiye-bookmarks.html')
    const folders = (await ok(get(b.client, '/api/import/folder', { fileId }))).list as ApiFolder[]
    const run = await ok(post(b.client, '/api/source/import', { fileId, folderIds: folders.filter((f) => f.parentId === null).map((f) => f.id), homepageId: b.homepageId }))
    // Issue 22: an empty category (and a module left with none) is counted, not made; the rest is the same.
    const kept = expected.map((m) => ({ ...m, categories: m.categories.filter((c) => c.items.length) })).filter((m) => m.categories.length)
    const empty = expected.reduce((n, m) => n + m.categories.filter((c) => !c.items.length).length + (m.categories.some((c) => c.items.length) ? 0 : 1), 0)
    expect(empty).toBeGreaterThan(0)
    expect(run.report).toMatchObject({ skipped: { scheme: 0, invalid: 0, duplicate: 0 }, empty, trimmed: 0, flattened: 0, continued: 0 })
    // The fresh account's untouched 常用 gave way to the import.
    expect(await tree(b.client, b.homepageId)).toEqual(kept)
  })
})

test('undo keeps what was added to an imported category since, and the category with it', async () => {
  const user = await signUp(baseUrl, '撤销')
  const fileId = await uploadOk(user.client, new TextEncoder().encode(HOSTILE), 'undo.html')
  const folders = (await ok(get(user.client, '/api/import/folder', { fileId }))).list as ApiFolder[]
  const [module] = await modulesOf(user.client, user.homepageId)
  const before = await categoriesOf(user.client, module!.moduleId)
  const run = await ok(post(user.client, '/api/source/import', { fileId, folderIds: folders.map((f) => f.id), moduleId: module!.moduleId }))
  const imported = (await categoriesOf(user.client, module!.moduleId)).slice(before.length)
  expect(imported.map((c) => c.name)).toEqual(['工具'])
  await ok(post(user.client, '/api/source/add', { bid: imported[0]!.bid, sour_name: '后来加的', sour_url: 'https://later.example/' }))

  await ok(post(user.client, '/api/import/undo', { runId: run.runId }))
  const after = await categoriesOf(user.client, module!.moduleId)
  expect(after.map((c) => c.name)).toEqual([...before.map((c) => c.name), '工具'])
  expect((await itemsOf(user.client, imported[0]!.bid)).map((i) => i.name)).toEqual(['后来加的'])
})

test('the bookmark log: what the user added, edited, moved, imported and deleted, newest first; only their own', async () => {
  const user = await signUp(baseUrl, '日志')
  const [module] = await modulesOf(user.client, user.homepageId)
  const [category] = await categoriesOf(user.client, module!.moduleId)
  const other = await ok(post(user.client, '/api/bag/add', { moduleId: module!.moduleId, name: '另一个分类', icon: 'tabler:star' }))
  const added = await ok(post(user.client, '/api/source/add', { bid: category!.bid, sour_name: '记下来', sour_url: 'https://log.example/' }))
  await ok(post(user.client, '/api/source/add', { bs_id: added.id, bid: category!.bid, sour_name: '改过了', sour_url: 'https://log.example/' }))
  await ok(post(user.client, '/api/source/operation', { ids: [added.id], type: 'move', bid: other.bid }))
  await ok(post(user.client, '/api/source/delete', { bs_ids: [added.id] }))
  const fileId = await uploadOk(user.client, new TextEncoder().encode(HOSTILE), '日志.html')
  const folders = (await ok(get(user.client, '/api/import/folder', { fileId }))).list as ApiFolder[]
  await ok(post(user.client, '/api/source/import', { fileId, folderIds: [folders[0]!.id], bid: category!.bid }))

  const page = await user.client.request('/user/bookmark-log')
  expect(page.status).toBe(200)
  const text = (await page.text()).replace(/<!-- -->/g, '')
  const order = ['导入', '删除', '移动', '编辑', '添加'].map((action) => text.indexOf(`<span class="tag">${action}</span>`))
  expect(order.every((at) => at > 0)).toBe(true)
  expect([...order].sort((a, b) => a - b)).toEqual(order)
  expect(text).toContain('「改过了」，另一个分类')
  expect(text).toContain('个书签，来自 日志.html')
  // Another user's log is their own.
  const stranger = await signUp(baseUrl, '别人的日志')
  expect(await (await stranger.client.request('/user/bookmark-log')).text()).toContain('还没有记录')
  expect((await createClient(baseUrl).request('/user/bookmark-log')).status).toBe(302)
})

test('NUL, controls and bidi overrides never reach the database (import and the link form): stripped, no 500', async () => {
  const user = await signUp(baseUrl, '控制字符')
  // Past the first kilobyte, where the binary check looks: a NUL inside a name, an RLO in another.
  const html = `<!-- ${' '.repeat(1100)} -->\n<DL><p><DT><H3>夹\u0000子</H3><DL><p><DT><A HREF="https://nul.example/">坏\u0000名</A><DT><A HREF="https://rlo.example/">\u202Eexe.txt</A></DL><p></DL><p>`
  const fileId = await uploadOk(user.client, new TextEncoder().encode(html), 'nul\u0000.html')
  const folders = (await ok(get(user.client, '/api/import/folder', { fileId }))).list as ApiFolder[]
  expect(folders.map((f) => f.name)).toEqual(['夹子'])
  const [module] = await modulesOf(user.client, user.homepageId)
  const [category] = await categoriesOf(user.client, module!.moduleId)
  await ok(post(user.client, '/api/source/import', { fileId, folderIds: [folders[0]!.id], bid: category!.bid }))
  const typed = await post(user.client, '/api/source/add', { bid: category!.bid, sour_name: '手\u0000打\u202E', sour_url: 'https://typed.example/', note: '备\u0007注' })
  expect(typed.status).toBe(200)
  expect(typed.body.code).toBe(1)
  const items = await itemsOf(user.client, category!.bid)
  expect(items.find((i) => i.type === 'folder')!.children!.map((c) => c.name)).toEqual(['坏名', 'exe.txt'])
  expect(items.find((i) => i.url === 'https://typed.example/')).toMatchObject({ name: '手打', note: '备注' })
})

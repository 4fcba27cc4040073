import { randomUUID } from 'node:crypto'
import { brotliCompressSync, constants } from 'node:zlib'
import { beforeAll, expect, inject, test } from 'vitest'
import { createClient } from './client.ts'
import { type Client, get, ok, post, signUp } from './content-helpers.ts'

/**
 * PERFORMANCE.md budget 4 (issue 14): a start page of 1,000 bookmarks in 20 categories is at most
 * 200 KB of HTML (30 KB brotli) for its guests and for its owner, who manages it through one menu
 * per category and one per bookmark; the list is not sent a second time as hydration data. Sizes
 * are deterministic for the same content, so the budget is a fair test.
 */

const baseUrl = inject('baseUrl')
const CATEGORIES = 20
const LINKS_PER_CATEGORY = 50
const KB = 1000
/** Real notes vary in length and many links have none (as the bench's seed). */
const NOTES = ['搜索引擎', '', '视频弹幕网站', '问答社区', '', '科技资讯与深度报道', '开源项目托管与协作平台', '', '每日更新的设计灵感', '在线翻译，支持多种语言', '', '常用工具合集']

/** A browser bookmark file: one folder per category, each with its links (and their notes). */
function bookmarkFile() {
  const folders = Array.from({ length: CATEGORIES }, (_, c) => {
    const links = Array.from({ length: LINKS_PER_CATEGORY }, (_, l) => {
      const note = NOTES[(c + l) % NOTES.length]
      return `<DT><A HREF="https://example.com/${c + 1}/${l + 1}">网站 ${c + 1}-${l + 1}</A>${note ? `\n<DD>${note}` : ''}`
    })
    return `<DT><H3>分类 ${c + 1}</H3>\n<DL><p>\n${links.join('\n')}\n</DL><p>`
  })
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1>\n<DL><p>\n${folders.join('\n')}\n</DL><p>\n`
}

let owner: { client: Client; homepageId: number }
let code: string

beforeAll(async () => {
  owner = await signUp(baseUrl, '千条书签')
  code = `big-${randomUUID().slice(0, 8)}`
  const { client, homepageId } = owner
  await ok(post(client, '/api/homepage/add', { homepageId, title: '一千个书签', icon: 'tabler:home', code }))
  await ok(post(client, '/api/homepage/set-open-status', { homepageId }))
  // The starter category goes, so that the page holds exactly the 1,000 links.
  const [module] = (await ok(get(client, '/api/module/get-list', { homepageId }))) as Array<{ moduleId: number }>
  for (const bag of (await ok(get(client, '/api/bag/get-list-by-homepage-module', { module: module!.moduleId }))) as Array<{ bid: number }>) {
    await ok(post(client, '/api/bag/delete', { bid: bag.bid }))
  }
  const body = new FormData()
  body.set('file', new File([bookmarkFile()], 'bookmarks.html', { type: 'text/html' }))
  const uploaded = await (await client.request('/api/import/upload', { method: 'POST', body, headers: client.sameOrigin })).json()
  expect(uploaded, uploaded.msg).toMatchObject({ code: 1 })
  const folders = (await ok(get(client, '/api/import/folder', { fileId: uploaded.fileId }))).list as Array<{ id: number }>
  const run = await ok(post(client, '/api/source/import', { fileId: uploaded.fileId, folderIds: folders.map((f) => f.id).join(','), moduleId: module!.moduleId }))
  expect(run.report).toMatchObject({ categories: CATEGORIES, links: CATEGORIES * LINKS_PER_CATEGORY })
})

async function page(client: Client) {
  const response = await client.request(`/${code}`)
  expect(response.status).toBe(200)
  return { html: await response.text(), response }
}

const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
const count = (text: string, part: string) => text.split(part).length - 1
const brotli = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

test.each([
  ['a guest', () => createClient(baseUrl)],
  ['its owner', () => owner.client],
])('the page of 1,000 bookmarks in 20 categories is within budget 4 for %s, the list sent once', async (_who, client) => {
  const { html } = await page(client())
  // Every bookmark is on the page, as a link to its site.
  expect(count(html, 'href="https://example.com/')).toBe(CATEGORIES * LINKS_PER_CATEGORY)
  expect(Buffer.byteLength(html)).toBeLessThanOrEqual(200 * KB)
  expect(brotli(html)).toBeLessThanOrEqual(30 * KB)
  // The hydration data does not hold the list again: no bookmark's name or address is in a script.
  const data = scripts(html)
  expect(data).not.toContain('example.com/')
  expect(data).not.toContain('网站 1-1')
})

test("the owner's page repeats no management form per bookmark: one menu link each, one 管理 link per category", async () => {
  const { html } = await page(owner.client)
  expect(count(html, '<form')).toBeLessThan(10)
  expect(html.match(/<a href="\?i=\d+">管理<\/a>/g)).toHaveLength(CATEGORIES * LINKS_PER_CATEGORY)
  expect(html.match(/<a href="[^"]*\?dialog=bag-menu&amp;bid=\d+" class="tool" data-dialog="" aria-label="管理 分类 \d+">管理<\/a>/g)).toHaveLength(CATEGORIES)
  // No per-link inline style, no tooltip that repeats the name.
  expect(html).not.toMatch(/<a href="https:\/\/example\.com\/[^>]* style=/)
  expect(html).not.toMatch(/title="网站 /)
})

test('no Referer leaves for the sites the bookmarks link to: the policy is the page’s, not each link’s', async () => {
  for (const client of [createClient(baseUrl), owner.client]) {
    const { html, response } = await page(client)
    expect(response.headers.get('Referrer-Policy')).toBe('same-origin')
    // Without rel="noreferrer" on each link, only the page's policy keeps the homepage's code to ourselves.
    expect(html).not.toMatch(/<a href="https:\/\/example\.com\/[^>]* rel=/)
  }
  // The page cache's answer carries the same header.
  expect((await createClient(baseUrl).request(`/${code}`)).headers.get('Referrer-Policy')).toBe('same-origin')
})

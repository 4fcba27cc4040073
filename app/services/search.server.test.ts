import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import type { User } from '#app/db/schema/index.ts'
import { searchHistory, sources } from '#app/db/schema/index.ts'
import { FolderSchema, LinkSchema } from '#app/schemas/content.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { CodeFormSchema, PostFormSchema } from '#app/schemas/notes.ts'
import { EMPTY_KEYWORD_MSG } from '#app/schemas/search.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createOwner } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { saveBag, trashBag } from './bag.server.ts'
import { createHomepage, trashHomepage } from './homepages.server.ts'
import { saveModule } from './module.server.ts'
import { clearSearchHistory, rememberSearch, searchBookmarks, searchHistoryOf } from './search.server.ts'
import { saveFolder, saveLink, trashSources } from './source.server.ts'
import { saveCode, savePost } from './writings.server.ts'

const db = useTestDb()

let owner: User
let stranger: User
let homepageId: number
let bid: number

const add = (user: User, bagId: number, name: string, url: string, note = '', parentLinkId?: number) =>
  saveLink(db(), user, LinkSchema.parse({ bid: bagId, name, url, note, parentLinkId }))

/** The names found for `wd` (first page of 50), in their order. */
async function names(wd: string, user: User = owner) {
  return (await searchBookmarks(db(), user, { wd, size: 50 })).list.map((h) => h.name)
}

beforeAll(async () => {
  const o = await createOwner(db(), ['常用', '开发'])
  owner = o.user
  homepageId = o.homepageId
  bid = o.bids[0]!
  const dev = o.bids[1]!
  await add(owner, bid, '百度', 'https://www.baidu.com/', '搜索引擎')
  await add(owner, bid, '天气预报', 'https://www.weather.com.cn/', '看明天下不下雨')
  await add(owner, bid, '知乎', 'https://www.zhihu.com/', '问答社区')
  await add(owner, bid, '百分之百 100%', 'https://percent.example/', '')
  await add(owner, bid, 'a_b 下划线', 'https://underscore.example/', '')
  await add(owner, bid, 'axb 无下划线', 'https://plain.example/', '')
  await add(owner, bid, '反斜杠 a\\b', 'https://backslash.example/', '')
  const folder = await saveFolder(db(), owner, FolderSchema.parse({ bid: dev, name: '代码', summary: '' }))
  await add(owner, dev, 'GitHub', 'https://github.com/', '开源代码托管', folder.id)
  await add(owner, dev, '码云', 'https://gitee.com/', '国内的代码托管')

  // Gone: a trashed link, a link in a trashed category, a link on a trashed homepage.
  const trashed = await add(owner, bid, '回收站里的百度', 'https://trash.example/')
  await trashSources(db(), owner, [trashed.id])
  const doomed = await saveBag(db(), owner, { moduleId: o.moduleId, name: '要删的', icon: 'tabler:tool' })
  await add(owner, doomed.bid, '删掉分类里的百度', 'https://trashed-bag.example/')
  await trashBag(db(), owner, doomed.bid)
  const second = await createHomepage(db(), owner, HomepageSchema.parse({ title: '第二个主页', icon: 'tabler:home', code: `second${Date.now() % 100000}` }))
  const secondModule = await saveModule(db(), owner, { homepageId: second.id, name: '二', icon: 'tabler:briefcase', moduleType: 0 })
  const secondBag = await saveBag(db(), owner, { moduleId: secondModule.moduleId, name: '二类', icon: 'tabler:tool' })
  await add(owner, secondBag.bid, '第二主页的百度', 'https://second.example/')
  await trashHomepage(db(), owner, second.id)

  // Someone else's.
  const s = await createOwner(db(), ['别人的'])
  stranger = s.user
  await add(stranger, s.bids[0]!, '别人的百度', 'https://stranger.example/baidu', '百度')
})

test('two Chinese characters, one, and four', async () => {
  expect(await names('百度')).toEqual(['百度'])
  expect(await names('度')).toEqual(['百度'])
  expect(await names('天气预报')).toEqual(['天气预报'])
  expect(await names('气预')).toEqual(['天气预报'])
  expect(await names('量子')).toEqual([])
})

test('pinyin in full and by initials', async () => {
  expect(await names('bd')).toEqual(['百度'])
  expect(await names('tqyb')).toEqual(['天气预报'])
  expect(await names('tianqi')).toEqual(['天气预报'])
  expect(await names('TianQi')).toEqual(['天气预报'])
  expect(await names('zhihu')).toEqual(['知乎'])
})

test('a fragment of the address, and the note', async () => {
  expect(await names('github')).toEqual(['GitHub'])
  expect(await names('weather.com')).toEqual(['天气预报'])
  // Typed the way the address bar shows it: with www., or with the scheme too.
  expect(await names('www.zhihu')).toEqual(['知乎'])
  expect(await names('https://www.zhihu.com')).toEqual(['知乎'])
  expect(await names('明天下')).toEqual(['天气预报'])
  // Equal matches: the more clicked first, then the newer.
  expect(await names('代码托管')).toEqual(['码云', 'GitHub'])
})

test('a hit says where it is: homepage, module, category and folder', async () => {
  const { list } = await searchBookmarks(db(), owner, { wd: 'github' })
  expect(list[0]).toMatchObject({
    name: 'GitHub',
    url: 'https://github.com/',
    host: 'github.com',
    note: '开源代码托管',
    homepage: { id: homepageId },
    module: { name: '工作' },
    category: { name: '开发' },
    folder: { name: '代码' },
  })
  expect((await searchBookmarks(db(), owner, { wd: '码云' })).list[0]!.folder).toBeNull()
})

test('only the user’s own live bookmarks: never another user’s, nothing in the trash', async () => {
  expect(await names('百度', stranger)).toEqual(['别人的百度'])
  for (const gone of ['回收站', '删掉分类', '第二主页']) expect(await names(gone)).toEqual([])
})

test('posts and code snippets are found by their title and lead to their page', async () => {
  const o = await createOwner(db(), ['写作'])
  const postId = await savePost(db(), o.user, PostFormSchema.parse({ bid: o.bids[0], title: '旅行游记', content: '<p>正文</p>' }))
  const codeId = await saveCode(db(), o.user, CodeFormSchema.parse({ cid: o.bids[0], title: '旅行脚本', language: 'python', code: 'print(1)' }))
  const { list } = await searchBookmarks(db(), o.user, { wd: '旅行' })
  expect(list.map((h) => [h.name, h.url]).sort()).toEqual([
    ['旅行游记', `/blog/detail/${postId}`],
    ['旅行脚本', `/blog/detail/${codeId}`],
  ])
})

test('LIKE wildcards in a keyword are literal', async () => {
  expect(await names('%')).toEqual(['百分之百 100%'])
  expect(await names('0%')).toEqual(['百分之百 100%'])
  expect(await names('a_b')).toEqual(['a_b 下划线'])
  expect(await names('_')).toEqual(['a_b 下划线'])
  expect(await names('a\\b')).toEqual(['反斜杠 a\\b'])
})

test('5 a page with hasMore, exact and prefix name matches first, then clicks', async () => {
  const o = await createOwner(db(), ['分页'])
  const made = []
  for (const name of ['网址测试 1', '测试', '又一个测试', '测试网址', '网址测试 2', '网址测试 3', '网址测试 4']) {
    made.push(await add(o.user, o.bids[0]!, name, `https://t${made.length}.example/`))
  }
  await db().update(sources).set({ clickAmount: 50 }).where(eq(sources.id, made[6]!.id))
  const first = await searchBookmarks(db(), o.user, { wd: '测试' })
  expect(first).toMatchObject({ total: 7, page: 1, size: 5, hasMore: true })
  expect(first.list.map((h) => h.name)).toEqual(['测试', '测试网址', '网址测试 4', '网址测试 3', '网址测试 2'])
  const second = await searchBookmarks(db(), o.user, { wd: '测试', page: 2 })
  expect(second).toMatchObject({ total: 7, page: 2, hasMore: false })
  expect(second.list.map((h) => h.name)).toEqual(['又一个测试', '网址测试 1'])
  expect(await searchBookmarks(db(), o.user, { wd: '测试', page: 3 })).toMatchObject({ list: [], total: 7, hasMore: false })
})

test('an empty keyword is refused; a guest must sign in', async () => {
  await expect(searchBookmarks(db(), owner, { wd: '  ' })).rejects.toThrow(EMPTY_KEYWORD_MSG)
  await expect(searchBookmarks(db(), null, { wd: '百度' })).rejects.toBeInstanceOf(NotSignedInError)
  await expect(searchHistoryOf(db(), null)).rejects.toBeInstanceOf(NotSignedInError)
})

test('history: a search comes first even when the clock has not moved on (PGlite counts milliseconds)', async () => {
  const o = await createOwner(db(), [])
  await rememberSearch(db(), o.user, '先')
  // The newest search stamped a minute ahead: the clock now reads earlier than it.
  await db().update(searchHistory).set({ searchedAt: new Date(Date.now() + 60_000) }).where(eq(searchHistory.userId, o.user.id))
  await rememberSearch(db(), o.user, '后')
  expect(await searchHistoryOf(db(), o.user)).toEqual(['后', '先'])
})

test('history: 8 keywords, newest first, no repeats, per user; cleared on request', async () => {
  const o = await createOwner(db(), [])
  for (let i = 1; i <= 10; i++) await rememberSearch(db(), o.user, `词${i}`)
  expect(await searchHistoryOf(db(), o.user)).toEqual(['词10', '词9', '词8', '词7', '词6', '词5', '词4', '词3'])
  await rememberSearch(db(), o.user, ' 词5 ')
  expect(await searchHistoryOf(db(), o.user)).toEqual(['词5', '词10', '词9', '词8', '词7', '词6', '词4', '词3'])
  await expect(rememberSearch(db(), o.user, ' ')).rejects.toThrow(EMPTY_KEYWORD_MSG)
  expect(await searchHistoryOf(db(), owner)).toEqual([])
  await clearSearchHistory(db(), o.user)
  expect(await searchHistoryOf(db(), o.user)).toEqual([])
})

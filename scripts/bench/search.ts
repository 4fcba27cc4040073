/**
 * PERFORMANCE.md budget 8, as a child process of the bench (a database of its own, nothing else
 * sharing the CPU):
 *   node scripts/bench/search.ts pglite <data dir>
 *   node scripts/bench/search.ts postgres <postgres://…>
 * Seeds 50,000 bookmarks for one new user (500 categories of 100, names of 2–4 Chinese words,
 * addresses on 20 sites, notes on some) in batched inserts whose search columns come from the
 * app's own searchColumns, refreshes the planner statistics as the maintenance job does, then times the app's searchBookmarks (the server's whole work for one
 * Ctrl+K request: query and mapping) for 1-, 2- and 4-character Chinese, pinyin and a URL
 * fragment: a warm-up, then the median of several runs each. Prints one JSON line of `SearchFigures`.
 */
import { type Db, openDb } from '#app/db/client.server.ts'
import { migrate } from '#app/db/migrate.server.ts'
import { bags, modules, sources } from '#app/db/schema/index.ts'
import { refreshStatistics } from '#app/services/maintenance.server.ts'
import { normaliseKeyword, searchColumns } from '#app/services/search-index.ts'
import { searchBookmarks } from '#app/services/search.server.ts'
import { createUser } from '#tests/db-utils.ts'
import { SEARCH_BOOKMARKS } from './data.ts'

export type SearchQuery = {
  label: string
  wd: string
  /** How many bookmarks it finds (of SEARCH_BOOKMARKS). */
  total: number
  /** Milliseconds per call of searchBookmarks: median, fastest, slowest of RUNS. */
  median: number
  min: number
  max: number
  /** Counts towards budget 8 (a 2-character Chinese keyword). */
  budget: boolean
}

export type SearchFigures = { bookmarks: number; seedMs: number; queries: SearchQuery[] }

const CATEGORIES = SEARCH_BOOKMARKS / 100
const WARMUP = 3
const RUNS = 11
/** Rows per insert statement (PERFORMANCE.md: one statement per ~1,000 rows). */
const BATCH = 1_000

/** Two-character words of real bookmark names; each name takes 2–4 of them, so one word is in ~3% of names. */
const WORDS = [
  '天气', '新闻', '北京', '上海', '证券', '购物', '视频', '音乐', '学习', '工具', '开发', '设计', '银行', '地图', '翻译', '邮箱',
  '云盘', '文档', '表格', '博客', '论坛', '社区', '问答', '百科', '词典', '小说', '漫画', '动画', '电影', '电视', '直播', '游戏',
  '体育', '足球', '篮球', '健身', '医疗', '健康', '美食', '菜谱', '旅游', '酒店', '机票', '火车', '地铁', '公交', '外卖', '快递',
  '招聘', '求职', '简历', '考试', '大学', '课程', '编程', '代码', '开源', '数据', '算法', '人工', '智能', '科技', '数码', '手机',
  '电脑', '相机', '摄影', '图片', '素材', '字体', '图标', '配色', '前端', '后端', '服务', '运维', '安全', '网络', '域名', '主机',
  '财经', '基金', '股票', '理财', '保险', '税务', '法律', '政府', '办事', '社保', '公积', '生活', '家居', '装修', '汽车', '租房',
  '预报', '官方', '中文', '在线',
]
const SITES = ['github', 'zhihu', 'baidu', 'bilibili', 'douban', 'weibo', 'taobao', 'jd', 'qq', '163',
  'sina', 'sohu', 'csdn', 'juejin', 'gitee', 'youku', 'iqiyi', 'ctrip', 'meituan', 'xiaohongshu']
const NOTES = ['', '', '常用网站', '每天都看', '工作用的', '开源项目托管与协作平台', '', '朋友推荐', '在线工具', '']

/** A fixed pseudo-random sequence (mulberry32), so every run seeds the same bookmarks. */
function random(seed: number) {
  let state = seed >>> 0
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n | 0
  }
}

function bookmark(pick: (n: number) => number, i: number) {
  const words = Array.from({ length: 2 + pick(3) }, () => WORDS[pick(WORDS.length)]!)
  // The odd name ends in a number (网站 12), as real ones do.
  const name = words.join('') + (pick(4) === 0 ? ` ${i}` : '')
  const site = SITES[pick(SITES.length)]!
  const url = `https://www.${site}.com/${words.length}/${i}`
  return { name, url, note: NOTES[pick(NOTES.length)]! }
}

/**
 * One module of 500 categories of 100 bookmarks, for a new user: the user, how long it took, and
 * each bookmark's search text (what every query's count is checked against).
 */
async function seed(db: Db) {
  const { user } = await createUser(db, { nickname: '搜索基准' })
  const started = performance.now()
  const pick = random(20_260_101)
  const texts: string[] = []
  await db.transaction(async (tx) => {
    const homepageId = user.currentHomepageId!
    const [module] = await tx.insert(modules).values({ homepageId, name: '基准', sortKey: 1 }).returning({ id: modules.id })
    const bagRows = await tx
      .insert(bags)
      .values(Array.from({ length: CATEGORIES }, (_, i) => ({ homepageId, moduleId: module!.id, name: `分类 ${i + 1}`, sortKey: i })))
      .returning({ id: bags.id })
    for (let start = 0; start < SEARCH_BOOKMARKS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, SEARCH_BOOKMARKS - start) }, (_, k) => {
        const i = start + k
        const fields = bookmark(pick, i)
        const columns = searchColumns(fields)
        texts.push(columns.searchText)
        return { homepageId, bagId: bagRows[Math.floor(i / 100)]!.id, type: 'link' as const, sortKey: i % 100, clickAmount: pick(500), ...fields, ...columns }
      })
      await tx.insert(sources).values(rows)
    }
  })
  return { user, seedMs: performance.now() - started, texts }
}

const QUERIES: Array<Pick<SearchQuery, 'label' | 'wd' | 'budget'>> = [
  { label: '1 Chinese character', wd: '天', budget: false },
  { label: '2 Chinese characters (a common word)', wd: '天气', budget: true },
  { label: '2 Chinese characters (a rare word)', wd: '预报', budget: true },
  { label: '2 Chinese characters (no match)', wd: '量子', budget: true },
  { label: '4 Chinese characters', wd: '天气预报', budget: false },
  { label: 'pinyin initials', wd: 'tqyb', budget: false },
  { label: 'pinyin in full', wd: 'tianqi', budget: false },
  { label: 'URL fragment', wd: 'github', budget: false },
]

async function main() {
  const [driver, target] = process.argv.slice(2)
  if ((driver !== 'pglite' && driver !== 'postgres') || !target) {
    throw new Error('usage: search.ts pglite <data dir> | search.ts postgres <postgres://…>')
  }
  const handle = await openDb(driver === 'postgres' ? { url: target, dataDir: '' } : { dataDir: target })
  try {
    await migrate(handle)
    const { user, seedMs, texts } = await seed(handle.db)
    // What the maintenance job does at start-up and every hour (PGlite has no autovacuum).
    await refreshStatistics(handle.db)
    const queries: SearchQuery[] = []
    for (const query of QUERIES) {
      let total = 0
      const times: number[] = []
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const started = performance.now()
        const page = await searchBookmarks(handle.db, user, { wd: query.wd })
        if (run >= WARMUP) times.push(performance.now() - started)
        total = page.total
      }
      // A wrong answer fast is no result: the count must be what the seeded names say.
      const expected = texts.filter((t) => t.includes(normaliseKeyword(query.wd))).length
      if (total !== expected) throw new Error(`"${query.wd}" found ${total} bookmarks, expected ${expected}`)
      times.sort((a, b) => a - b)
      queries.push({ ...query, total, median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times.at(-1)! })
    }
    const figures: SearchFigures = { bookmarks: SEARCH_BOOKMARKS, seedMs, queries }
    console.log(JSON.stringify(figures))
  } finally {
    await handle.close()
  }
}

await main()

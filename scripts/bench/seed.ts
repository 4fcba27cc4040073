/**
 * Prepares the bench database, as a child process of the bench so that PGlite's few hundred MB
 * are given back before the load generator starts, and the data directory is closed before the
 * server opens it (PGlite is single-process):
 *   node scripts/bench/seed.ts pglite <data dir>
 *   node scripts/bench/seed.ts postgres <postgres://… of an empty database>
 * It runs the app's own migrations and demo seed, then adds the bench homepage.
 */
import { eq } from 'drizzle-orm'
import { hashPassword } from '#app/auth/password.server.ts'
import { type Db, openDb } from '#app/db/client.server.ts'
import { migrate } from '#app/db/migrate.server.ts'
import { bags, groupBookmarks, groupCategories, groups, homepages, modules, sources, users } from '#app/db/schema/index.ts'
import { searchColumns } from '#app/services/search-index.ts'
import { seedDemo } from '#app/services/seed.server.ts'
import { env } from '#app/utils/env.server.ts'
import {
  BENCH_CODE,
  BENCH_EMAIL,
  BENCH_GROUP_NAME,
  BENCH_PASSWORD,
  CATEGORY_COUNT,
  GROUP_CATEGORY_COUNT,
  GROUP_LINK_ORIGIN,
  GROUP_LINKS_PER_CATEGORY,
  LINK_COUNT,
  LINK_ORIGIN,
  LINKS_PER_CATEGORY,
} from './data.ts'

const CATEGORY_NAMES = ['常用', '新闻', '开发', '设计', '工具', '学习', '视频', '音乐', '购物', '社交',
  '阅读', '游戏', '旅行', '金融', '健康', '美食', '摄影', '科技', '办公', '生活']
const ICONS = ['star', 'news', 'code', 'palette', 'tool', 'book']
const COLORS = ['#f5a623', '#e0464e', '#3b7ddd', '#9b59b6', '#16a085', '#27ae60']
/** Real notes vary in length and many links have none. */
const NOTES = ['搜索引擎', '', '视频弹幕网站', '问答社区', '', '科技资讯与深度报道', '开源项目托管与协作平台',
  '', '每日更新的设计灵感', '在线翻译，支持多种语言', '', '常用工具合集']

/** A spread of click counts from 0 to ~30k, so the k / w abbreviations all appear. */
function clicksFor(category: number, link: number) {
  const n = (category * 7_919 + link * 104_729) % 1_000
  return n < 150 ? 0 : Math.floor((n * n * n) / 33_000_000)
}

/** The bench homepage: one module, 20 categories × 50 links, in one statement per table. */
async function seedBenchHomepage(db: Db) {
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  await db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ email: BENCH_EMAIL, nickname: '基准测试', passwordHash }).returning()
    if (!user) throw new Error('bench user insert returned nothing')
    const [homepage] = await tx
      .insert(homepages)
      .values({
        userId: user.id,
        title: '基准测试主页',
        summary: `${CATEGORY_COUNT} 个分类 × ${LINKS_PER_CATEGORY} 个链接，共 ${LINK_COUNT} 个书签`,
        code: BENCH_CODE,
        isOpen: true,
        isDefault: true,
      })
      .returning()
    if (!homepage) throw new Error('bench homepage insert returned nothing')
    const [module] = await tx
      .insert(modules)
      .values({ homepageId: homepage.id, name: '常用', icon: 'star', moduleType: 0, isDefault: true, sortKey: 0 })
      .returning()
    if (!module) throw new Error('bench module insert returned nothing')
    const bagRows = await tx
      .insert(bags)
      .values(
        CATEGORY_NAMES.slice(0, CATEGORY_COUNT).map((name, index) => ({
          homepageId: homepage.id,
          moduleId: module.id,
          name,
          icon: ICONS[index % ICONS.length]!,
          color: COLORS[index % COLORS.length]!,
          sortKey: index,
        })),
      )
      .returning({ id: bags.id, sortKey: bags.sortKey })
    // 1,000 rows × 10 parameters: far below PostgreSQL's 65,535-parameter limit per statement.
    await tx.insert(sources).values(
      bagRows.flatMap((bag) => {
        const category = bag.sortKey + 1
        return Array.from({ length: LINKS_PER_CATEGORY }, (_, index) => {
          const fields = { name: `网站 ${category}-${index + 1}`, url: `${LINK_ORIGIN}/${category}/${index + 1}`, note: NOTES[(category + index) % NOTES.length]! }
          return {
            homepageId: homepage.id,
            bagId: bag.id,
            type: 'link' as const,
            ...fields,
            // As every write path does (app/services/search-index.ts).
            ...searchColumns(fields),
            sortKey: index,
            clickAmount: clicksFor(category, index + 1),
          }
        })
      }),
    )
    await tx.update(users).set({ currentHomepageId: homepage.id }).where(eq(users.id, user.id))
    await seedBenchGroup(tx, user.id)
  })
}

/** The bench group: open, owned by the bench user, every link approved. */
async function seedBenchGroup(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: number) {
  const [group] = await tx
    .insert(groups)
    .values({ userId, name: BENCH_GROUP_NAME, summary: `${GROUP_CATEGORY_COUNT} 个分类 × ${GROUP_LINKS_PER_CATEGORY} 个链接`, icon: 'tabler:users', isOpen: true })
    .returning()
  if (!group) throw new Error('bench group insert returned nothing')
  const categoryRows = await tx
    .insert(groupCategories)
    .values(CATEGORY_NAMES.slice(0, GROUP_CATEGORY_COUNT).map((title, index) => ({ groupId: group.id, title, sort: index + 1 })))
    .returning({ id: groupCategories.id, sort: groupCategories.sort })
  await tx.insert(groupBookmarks).values(
    categoryRows.flatMap((category) =>
      Array.from({ length: GROUP_LINKS_PER_CATEGORY }, (_, index) => ({
        groupId: group.id,
        categoryId: category.id,
        userId,
        name: `小组网站 ${category.sort}-${index + 1}`,
        url: `${GROUP_LINK_ORIGIN}/${category.sort}/${index + 1}`,
        note: NOTES[(category.sort + index) % NOTES.length]!,
        sort: index + 1,
      })),
    ),
  )
}

async function main() {
  const [driver, target] = process.argv.slice(2)
  if ((driver !== 'pglite' && driver !== 'postgres') || !target) {
    throw new Error('usage: seed.ts pglite <data dir> | seed.ts postgres <postgres://…>')
  }
  const started = performance.now()
  const handle = await openDb(driver === 'postgres' ? { url: target, dataDir: '' } : { dataDir: target })
  try {
    await migrate(handle)
    await seedDemo(handle.db, env().DEMO_PASSWORD)
    await seedBenchHomepage(handle.db)
  } finally {
    await handle.close()
  }
  console.log(`seeded ${driver} in ${Math.round(performance.now() - started)} ms`)
}

await main()

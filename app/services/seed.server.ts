import { eq, sql } from 'drizzle-orm'
import { hashPassword } from '#app/auth/password.server.ts'
import type { Db } from '#app/db/client.server.ts'
import { bags, discoverCategories, discoverSites, discoverSiteTags, discoverTags, groupBookmarks, groupCategories, groups, homepages, modules, sources, users } from '#app/db/schema/index.ts'
import { emailExists } from './account.server.ts'
import { discoverAddress } from './discover.server.ts'
import { searchColumns } from './search-index.ts'

export const DEMO_EMAIL = 'demo@example.com'

type Link = [name: string, url: string, note?: string]
type Category = { name: string; icon: string; color: string; links: Link[] }
type DemoModule = { name: string; icon: string; moduleType: 0 | 1 | 2; categories: Category[] }

/** The official demo homepage: what a guest sees on `/` of a fresh install. */
const DEMO: DemoModule[] = [
  {
    name: '常用',
    icon: 'star',
    moduleType: 0,
    categories: [
      {
        name: '常用',
        icon: 'star',
        color: '#f5a623',
        links: [
          ['百度', 'https://www.baidu.com/', '搜索引擎'],
          ['哔哩哔哩', 'https://www.bilibili.com/', '视频弹幕网站'],
          ['知乎', 'https://www.zhihu.com/', '问答社区'],
          ['微博', 'https://weibo.com/'],
          ['淘宝', 'https://www.taobao.com/'],
          ['京东', 'https://www.jd.com/'],
          ['网易云音乐', 'https://music.163.com/'],
          ['豆瓣', 'https://www.douban.com/', '书影音'],
        ],
      },
      {
        name: '新闻',
        icon: 'news',
        color: '#e0464e',
        links: [
          ['新华网', 'https://www.news.cn/'],
          ['人民网', 'http://www.people.com.cn/'],
          ['澎湃新闻', 'https://www.thepaper.cn/'],
          ['36氪', 'https://36kr.com/', '科技创投'],
          ['财新网', 'https://www.caixin.com/'],
          ['少数派', 'https://sspai.com/', '数字生活'],
          ['BBC 中文', 'https://www.bbc.com/zhongwen/simp'],
        ],
      },
      {
        name: '开发',
        icon: 'code',
        color: '#3b7ddd',
        links: [
          ['GitHub', 'https://github.com/', '代码托管'],
          ['Gitee', 'https://gitee.com/'],
          ['掘金', 'https://juejin.cn/'],
          ['MDN 中文文档', 'https://developer.mozilla.org/zh-CN/'],
          ['V2EX', 'https://www.v2ex.com/'],
          ['Stack Overflow', 'https://stackoverflow.com/'],
          ['菜鸟教程', 'https://www.runoob.com/'],
          ['npm', 'https://www.npmjs.com/'],
        ],
      },
      {
        name: '设计',
        icon: 'palette',
        color: '#9b59b6',
        links: [
          ['站酷', 'https://www.zcool.com.cn/', '设计师社区'],
          ['花瓣', 'https://huaban.com/'],
          ['优设网', 'https://www.uisdc.com/'],
          ['iconfont', 'https://www.iconfont.cn/', '阿里图标库'],
          ['Dribbble', 'https://dribbble.com/'],
          ['Figma', 'https://www.figma.com/'],
        ],
      },
    ],
  },
  {
    name: '导航',
    icon: 'compass',
    moduleType: 1,
    categories: [
      {
        name: '工具',
        icon: 'tool',
        color: '#16a085',
        links: [
          ['百度翻译', 'https://fanyi.baidu.com/'],
          ['有道词典', 'https://dict.youdao.com/'],
          ['DeepL 翻译', 'https://www.deepl.com/translator'],
          ['草料二维码', 'https://cli.im/'],
          ['TinyPNG', 'https://tinypng.com/', '图片压缩'],
        ],
      },
      {
        name: '学习',
        icon: 'book',
        color: '#27ae60',
        links: [
          ['中国大学MOOC', 'https://www.icourse163.org/'],
          ['学堂在线', 'https://www.xuetangx.com/'],
          ['网易公开课', 'https://open.163.com/'],
          ['维基百科', 'https://zh.wikipedia.org/'],
        ],
      },
    ],
  },
]

/** The demo's open group (小组): what /group shows on a fresh install, and what a group's page looks like. */
const DEMO_GROUP = {
  name: '开发者常用资源',
  summary: '大家一起收集的开发文档、工具与学习网站。欢迎加入小组投稿，管理员审核后展示。',
  icon: 'code',
  categories: [
    {
      title: '文档',
      links: [
        ['MDN Web Docs', 'https://developer.mozilla.org/zh-CN/', 'Web 技术权威文档'],
        ['React', 'https://zh-hans.react.dev/', ''],
        ['Node.js', 'https://nodejs.org/zh-cn', ''],
        ['PostgreSQL 中文文档', 'http://www.postgres.cn/docs/', ''],
      ],
    },
    {
      title: '工具',
      links: [
        ['GitHub', 'https://github.com/', '代码托管与协作'],
        ['Can I use', 'https://caniuse.com/', '浏览器兼容性查询'],
        ['Regex101', 'https://regex101.com/', '正则表达式调试'],
      ],
    },
    {
      title: '学习',
      links: [
        ['菜鸟教程', 'https://www.runoob.com/', ''],
        ['freeCodeCamp', 'https://www.freecodecamp.org/chinese/', '免费编程课程'],
      ],
    },
  ],
} as const

/** The demo's discover sites (ADR 034): approved, so /discover is not empty on a fresh install. [category, name, url, summary, tags] */
const DEMO_DISCOVER: ReadonlyArray<readonly [string, string, string, string, readonly string[]]> = [
  ['常用工具', 'TinyPNG', 'https://tinypng.com/', '在线压缩 PNG 和 JPEG 图片，体积小、画质几乎无损。', ['图片', '压缩']],
  ['设计素材', 'Iconfont 阿里巴巴矢量图标库', 'https://www.iconfont.cn/', '海量矢量图标，可按项目管理并导出字体或 SVG。', ['图标', '设计']],
  ['开发编程', 'MDN Web Docs', 'https://developer.mozilla.org/zh-CN/', 'Web 技术权威文档：HTML、CSS、JavaScript 与浏览器 API。', ['文档', '前端']],
  ['学习资源', '中国大学MOOC', 'https://www.icourse163.org/', '国内高校的免费公开课，覆盖各个学科。', ['课程', '免费']],
  ['AI 工具', 'Hugging Face', 'https://huggingface.co/', '开源模型、数据集与在线演示的社区。', ['AI', '模型']],
  ['效率办公', '腾讯文档', 'https://docs.qq.com/', '在线文档、表格与幻灯片，多人实时协作。', ['文档', '协作']],
  ['资讯阅读', '少数派', 'https://sspai.com/', '效率工具、数字生活与软件推荐。', ['效率', '阅读']],
]

/** Seeds the demo account and its public homepage once; later boots find it and do nothing. */
export async function seedDemo(db: Db, password: string) {
  if (await emailExists(db, DEMO_EMAIL)) return false
  const passwordHash = await hashPassword(password)
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: DEMO_EMAIL, nickname: '起页官方', passwordHash })
      .returning()
    if (!user) throw new Error('demo user insert returned nothing')
    const [homepage] = await tx
      .insert(homepages)
      .values({
        userId: user.id,
        title: '起页示例主页',
        summary: '常用网站、新闻、开发与设计资源，一页直达',
        code: 'demo',
        isOpen: true,
        isDefault: true,
      })
      .returning()
    if (!homepage) throw new Error('demo homepage insert returned nothing')
    let clicks = 0
    for (const [moduleIndex, demoModule] of DEMO.entries()) {
      const [module] = await tx
        .insert(modules)
        .values({
          homepageId: homepage.id,
          name: demoModule.name,
          icon: demoModule.icon,
          moduleType: demoModule.moduleType,
          isDefault: moduleIndex === 0,
          sortKey: moduleIndex,
        })
        .returning()
      if (!module) throw new Error('demo module insert returned nothing')
      for (const [bagIndex, category] of demoModule.categories.entries()) {
        const [bag] = await tx
          .insert(bags)
          .values({
            homepageId: homepage.id,
            moduleId: module.id,
            name: category.name,
            icon: category.icon,
            color: category.color,
            sortKey: bagIndex,
          })
          .returning()
        if (!bag) throw new Error('demo bag insert returned nothing')
        await tx.insert(sources).values(
          category.links.map(([name, url, note], index) => ({
            homepageId: homepage.id,
            bagId: bag.id,
            type: 'link' as const,
            name,
            url,
            note: note ?? '',
            ...searchColumns({ name, url, note }),
            sortKey: index,
            // Real-looking click counts, so the abbreviations (k, w) show on the demo.
            clickAmount: (clicks = (clicks * 7919 + 12_345) % 23_000),
          })),
        )
      }
    }
    await tx.update(users).set({ currentHomepageId: homepage.id }).where(eq(users.id, user.id))
    const [group] = await tx
      .insert(groups)
      .values({ userId: user.id, name: DEMO_GROUP.name, summary: DEMO_GROUP.summary, icon: DEMO_GROUP.icon, isOpen: true })
      .returning({ id: groups.id })
    for (const [index, category] of DEMO_GROUP.categories.entries()) {
      const [row] = await tx.insert(groupCategories).values({ groupId: group!.id, title: category.title, sort: index + 1 }).returning({ id: groupCategories.id })
      await tx.insert(groupBookmarks).values(
        category.links.map(([name, url, note], i) => ({ groupId: group!.id, categoryId: row!.id, userId: user.id, name, url, note, sort: i + 1 })),
      )
    }
    const categories = new Map((await tx.select({ id: discoverCategories.id, name: discoverCategories.name }).from(discoverCategories)).map((c) => [c.name, c.id]))
    for (const [category, name, url, summary, tags] of DEMO_DISCOVER) {
      const categoryId = categories.get(category)
      if (!categoryId) continue
      const [site] = await tx
        .insert(discoverSites)
        .values({ userId: user.id, categoryId, name, url, address: discoverAddress(url), host: new URL(url).hostname, summary, status: 'approved', reviewedBy: user.id, reviewedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: discoverSites.id })
      if (!site) continue
      for (const tag of tags) {
        await tx.insert(discoverTags).values({ name: tag }).onConflictDoNothing()
        const [row] = await tx.select({ id: discoverTags.id }).from(discoverTags).where(sql`lower(${discoverTags.name}) = lower(${tag})`)
        await tx.insert(discoverSiteTags).values({ siteId: site.id, tagId: row!.id })
      }
    }
  })
  return true
}

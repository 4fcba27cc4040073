import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { discoverSites, sources, users, type User } from '#app/db/schema/index.ts'
import { TOO_MANY_CHILDREN } from '#app/schemas/content.ts'
import { RecommendSchema, TAG_TOO_LONG, TAGS_TOO_MANY } from '#app/schemas/discover.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createOwner, createUser, refusalOf as refusal } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NOT_FOUND } from './access.server.ts'
import {
  ADMIN_ONLY,
  ALREADY_REVIEWED,
  checkRepeat,
  collectSites,
  discoverAddress,
  hasNewSites,
  listDiscoverCategories,
  listSites,
  markDiscoverSeen,
  mySites,
  pendingSites,
  popularTags,
  recommendSite,
  REPEATED_MSG,
  reviewSite,
  siteDetail,
} from './discover.server.ts'

const db = useTestDb()
const page = { page: 1, size: 100 }
const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => [...new Set(result.error?.issues.map((i) => i.message) ?? [])]
let serial = 0
const site = (over: Record<string, unknown> = {}) =>
  RecommendSchema.parse({ name: `好站${++serial}`, url: `https://site-${serial}-${Math.random().toString(36).slice(2, 7)}.example/`, cid: 1, tags: '工具', summary: '一个好网站', ...over })
async function admin() {
  const { user } = await createUser(db(), { nickname: '管理员' })
  await db().update(users).set({ isAdmin: true }).where(eq(users.id, user.id))
  return { ...user, isAdmin: true } as User
}
const names = (list: Array<{ name: string }>) => list.map((s) => s.name)
const reread = async (user: User) => (await db().select().from(users).where(eq(users.id, user.id)))[0]!

describe('the schema and the address', () => {
  test('a recommendation: name, http(s) address, category, up to 5 tags of up to 10 characters', () => {
    expect(issues(RecommendSchema.safeParse({ name: '', url: 'https://a.example/', cid: 1 }))).toEqual(['请输入网站名称'])
    expect(issues(RecommendSchema.safeParse({ name: '名', url: 'javascript:alert(1)', cid: 1 }))).toEqual(['请输入http或https开头的链接'])
    expect(issues(RecommendSchema.safeParse({ name: '名', url: 'https://a.example/' }))).toEqual(['请选择分类'])
    expect(issues(RecommendSchema.safeParse({ name: '名', url: 'https://a.example/', cid: 1, tags: 'a,b,c,d,e,f' }))).toEqual([TAGS_TOO_MANY])
    expect(issues(RecommendSchema.safeParse({ name: '名', url: 'https://a.example/', cid: 1, tags: ['一二三四五六七八九十一'] }))).toEqual([TAG_TOO_LONG])
    expect(issues(RecommendSchema.safeParse({ name: '名'.repeat(101), url: 'https://a.example/', cid: 1 }))).toEqual(['网站名称的长度不能超过100个字'])
    expect(issues(RecommendSchema.safeParse({ name: '名', url: 'https://a.example/', cid: 1, summary: '字'.repeat(201) }))).toEqual(['网站简介不能超过200个字'])
    expect(issues(RecommendSchema.safeParse({ name: '名', url: 'https://a.example/', cid: 1, icon: 'https://evil.example/x.png' }))).toEqual(['请选择图标'])
    expect(RecommendSchema.parse({ name: ' 名\u200b ', url: 'www.a.example', cid: '2', tags: ' 设计，Design design、 #设计 ', crawler_icon: 'tabler:star' })).toEqual({
      name: '名',
      url: 'https://www.a.example/',
      cid: 2,
      tags: ['设计', 'Design'],
      summary: '',
      icon: 'tabler:star',
      sourceType: '1',
    })
  })

  test('one address whatever the scheme, case, www., default port or trailing slash; the query counts', () => {
    const same = ['https://WWW.Example.com:443/a/', 'http://example.com/a', 'http://www.example.com:80/a//#x', 'https://example.com/a']
    for (const url of same) expect(discoverAddress(url), url).toBe('example.com/a')
    expect(discoverAddress('https://example.com:8443/')).toBe('example.com:8443')
    expect(discoverAddress('https://example.com/?q=1')).toBe('example.com?q=1')
    expect(discoverAddress('https://sub.example.com/')).not.toBe(discoverAddress('https://example.com/'))
  })
})

describe('recommend, review and what shows to whom', () => {
  test('a pending site shows to nobody but its submitter and the administrators; approved, to everyone', async () => {
    const { user: a } = await createUser(db())
    const { user: b } = await createUser(db())
    const boss = await admin()
    const mine = site({ name: '待审的站', tags: ['秘密标签'] })
    const { id, status, msg } = await recommendSite(db(), a, mine)
    expect({ status, msg }).toEqual({ status: 'pending', msg: '推荐成功，管理员审核通过后显示' })
    const query = (over = {}) => ({ ...page, ...over })
    for (const [who, sees] of [[a, true], [boss, true], [b, false], [null, false]] as const) {
      const label = who ? who.nickname : 'guest'
      expect(names((await listSites(db(), who, query())).list).includes('待审的站'), label).toBe(sees)
      expect(names((await listSites(db(), who, query({ cid: 1 }))).list).includes('待审的站'), label).toBe(sees)
      expect(names((await listSites(db(), who, query({ tag: '秘密标签' }))).list).includes('待审的站'), label).toBe(sees)
      expect(names((await listSites(db(), who, query({ wd: '待审' }))).list).includes('待审的站'), label).toBe(sees)
      const detail = await siteDetail(db(), who, id).then((s) => s.name, (e: Error) => e.message)
      expect(detail, label).toBe(sees ? '待审的站' : NOT_FOUND)
      // A duplicate is refused for everyone, but only who may see it learns what it is.
      const repeat = await checkRepeat(db(), who, mine.url)
      expect(repeat.repeat, label).toBe(true)
      expect(repeat.site?.name ?? null, label).toBe(sees ? '待审的站' : null)
    }
    expect(await popularTags(db())).not.toContainEqual(expect.objectContaining({ name: '秘密标签' }))

    expect(await refusal(reviewSite(db(), b, { id, status: 'approved' }))).toMatchObject({ message: ADMIN_ONLY })
    expect(await reviewSite(db(), boss, { id, status: 'approved' })).toMatchObject({ status: 'approved' })
    // Decided once: a second submit (or another administrator) finds it decided.
    expect(await refusal(reviewSite(db(), boss, { id, status: 'rejected' }))).toMatchObject({ message: ALREADY_REVIEWED })
    expect(names((await listSites(db(), null, query({ tag: '秘密标签' }))).list)).toEqual(['待审的站'])
    expect(await popularTags(db())).toContainEqual({ name: '秘密标签', amount: 1 })
  })

  test('a duplicate is refused at submit; a turned-down address may be recommended again', async () => {
    const { user: a } = await createUser(db())
    const { user: b } = await createUser(db())
    const boss = await admin()
    const first = site({ url: 'https://www.dup.example/path/' })
    const { id } = await recommendSite(db(), a, first)
    expect((await refusal(recommendSite(db(), b, site({ url: 'http://DUP.example/path' })))).message).toBe(REPEATED_MSG)
    expect((await refusal(recommendSite(db(), a, site({ url: 'https://dup.example/path' })))).message).toBe(REPEATED_MSG)
    // Two at once: one wins, the other is told it was recommended (the unique index).
    const race = await Promise.allSettled([recommendSite(db(), a, site({ url: 'https://race.example/' })), recommendSite(db(), b, site({ url: 'https://www.race.example' }))])
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: { message: REPEATED_MSG } })

    await reviewSite(db(), boss, { id, status: 'rejected' })
    expect((await checkRepeat(db(), b, 'https://dup.example/path')).repeat).toBe(false)
    // The turned-down one stays its submitter's to see (我的推荐), nobody else's.
    expect((await mySites(db(), a, page)).list.find((s) => s.id === id)).toMatchObject({ status: 'rejected' })
    expect(names((await listSites(db(), a, page)).list)).not.toContain(first.name)
    expect((await refusal(siteDetail(db(), b, id))).message).toBe(NOT_FOUND)
    expect(await recommendSite(db(), b, site({ url: 'https://dup.example/path' }))).toMatchObject({ status: 'pending' })
  })

  test('an administrator’s own recommendation shows at once; the review list is theirs only', async () => {
    const boss = await admin()
    const { user: a } = await createUser(db())
    expect(await recommendSite(db(), boss, site({ name: '管理员推荐' }))).toMatchObject({ status: 'approved' })
    expect(names((await listSites(db(), null, page)).list)).toContain('管理员推荐')
    await recommendSite(db(), a, site({ name: '等审核' }))
    expect(names((await pendingSites(db(), boss, page)).list)).toContain('等审核')
    expect((await refusal(pendingSites(db(), a, page))).message).toBe(ADMIN_ONLY)
    expect(await refusal(recommendSite(db(), null, site()))).toBeInstanceOf(NotSignedInError)
  })

  test('the categories are seeded in order', async () => {
    const categories = await listDiscoverCategories(db())
    expect(categories.map((c) => c.name)).toEqual(['常用工具', '设计素材', '开发编程', '学习资源', '影视娱乐', 'AI 工具', '效率办公', '资讯阅读'])
  })
})

describe('collect and the new badge', () => {
  test('approved sites into one’s own category, in order; pending ones are not found; past 100 nothing is written', async () => {
    const boss = await admin()
    const { user: a } = await createUser(db())
    const x = await recommendSite(db(), boss, site({ name: '甲站', summary: '简'.repeat(150) }))
    const y = await recommendSite(db(), boss, site({ name: '乙站' }))
    const pending = await recommendSite(db(), a, site({ name: '未审' }))
    const own = await createOwner(db(), ['收藏夹', '满的'])
    const [bid, full] = own.bids as [number, number]
    const { list, msg } = await collectSites(db(), own.user, { ids: [y.id, x.id], bid })
    expect(msg).toBe('收藏成功')
    expect(list.map((s) => s.name)).toEqual(['乙站', '甲站'])
    const saved = await db().select().from(sources).where(eq(sources.bagId, bid))
    expect(saved.find((s) => s.name === '甲站')?.note).toHaveLength(100)
    expect((await refusal(collectSites(db(), own.user, { ids: [x.id, pending.id], bid }))).message).toBe(NOT_FOUND)
    // Someone else's category is not the actor's to fill.
    const other = await createOwner(db(), ['别人的'])
    await refusal(collectSites(db(), own.user, { ids: [x.id], bid: other.bids[0]! }))

    await db()
      .insert(sources)
      .values(Array.from({ length: 99 }, (_, i) => ({ homepageId: own.homepageId, bagId: full, name: `已有${i}`, url: 'https://example.com/', sortKey: i })))
    const inFull = async () => (await db().select({ id: sources.id }).from(sources).where(and(eq(sources.bagId, full), isNull(sources.deletedAt)))).length
    expect((await refusal(collectSites(db(), own.user, { ids: [x.id, y.id], bid: full }))).message).toBe(TOO_MANY_CHILDREN)
    expect(await inFull()).toBe(99)
    await collectSites(db(), own.user, { ids: [x.id], bid: full })
    expect(await inFull()).toBe(100)
    expect(await refusal(collectSites(db(), null, { ids: [x.id], bid }))).toBeInstanceOf(NotSignedInError)
  })

  test('the badge: approved sites newer than the last visit of /discover', async () => {
    const boss = await admin()
    const { user: a } = await createUser(db())
    await markDiscoverSeen(db(), a)
    expect(await hasNewSites(db(), await reread(a))).toBe(false)
    const { id } = await recommendSite(db(), a, site())
    // Pending does not count.
    expect(await hasNewSites(db(), await reread(a))).toBe(false)
    await reviewSite(db(), boss, { id, status: 'approved' })
    expect(await hasNewSites(db(), await reread(a))).toBe(true)
    await markDiscoverSeen(db(), a)
    expect(await hasNewSites(db(), await reread(a))).toBe(false)
    // Nothing new since: a second visit writes nothing (the user's kept start page stays kept).
    const version = (await reread(a)).renderVersion
    await markDiscoverSeen(db(), a)
    expect((await reread(a)).renderVersion).toBe(version)
    expect(await db().select({ id: discoverSites.id }).from(discoverSites).where(eq(discoverSites.id, id))).toHaveLength(1)
  })
})

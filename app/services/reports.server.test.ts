import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { homepageMembers, homepages, sourceReports, sources } from '#app/db/schema/index.ts'
import { REPORT_OTHER_MSG, REPORT_OTHER_TOO_LONG, REPORT_REASON_MSG, REPORT_REASONS, ReportSchema } from '#app/schemas/report.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { NOT_FOUND } from './access.server.ts'
import { listOpenReports, REPORT_BUSY_MSG, reportSource } from './reports.server.ts'
import { saveFolder, saveLink, trashSources } from './source.server.ts'

const db = useTestDb()

let ipCounter = 0
/** A fresh address per test keeps the guests' budgets apart. */
const freshIp = () => `198.51.100.${++ipCounter}`

/** An owner with a link (public unless `open` is false) and a private link, in one category. */
async function ownerWithLinks({ open = true } = {}) {
  const owner = await createOwner(db(), ['工具'])
  await db().update(homepages).set({ isOpen: open }).where(eq(homepages.id, owner.homepageId))
  const base = { bid: owner.bids[0]!, note: '', isOnlyOwnViewRemark: '' }
  const link = await saveLink(db(), owner.user, { ...base, name: '坏链接', url: 'https://bad.example/', isOnlyOwnView: false })
  const hidden = await saveLink(db(), owner.user, { ...base, name: '私密', url: 'https://private.example/', isOnlyOwnView: true })
  return { ...owner, linkId: link.id, privateId: hidden.id }
}

const reportsOf = (sourceId: number) => db().select().from(sourceReports).where(eq(sourceReports.sourceId, sourceId))
const parse = (raw: Record<string, unknown>) => ReportSchema.parse(raw)

describe('the report form', () => {
  test('a reason from the list; one\'s own words required for 其他, at most 200, trimmed', () => {
    expect(REPORT_REASONS.map((r) => r.label)).toEqual(['链接失效/打不开', '网址与名称不符', '色情低俗', '赌博诈骗', '违法违规', '侵权', '广告垃圾', '其他'])
    const issue = (raw: Record<string, unknown>) => {
      const result = ReportSchema.safeParse(raw)
      return result.success ? null : firstIssue(result.error)
    }
    expect(issue({ sourceId: 1, type: 'broken' })).toBeNull()
    expect(parse({ sourceId: '7', type: 'spam', otherType: '  到处是广告  ' })).toEqual({ sourceId: 7, type: 'spam', otherType: '到处是广告' })
    expect(issue({ sourceId: 1 })).toBe(REPORT_REASON_MSG)
    expect(issue({ sourceId: 1, type: 'boring' })).toBe(REPORT_REASON_MSG)
    expect(issue({ sourceId: 1, type: 'other' })).toBe(REPORT_OTHER_MSG)
    expect(issue({ sourceId: 1, type: 'other', otherType: '   ' })).toBe(REPORT_OTHER_MSG)
    expect(issue({ sourceId: 1, type: 'other', otherType: '字'.repeat(201) })).toBe(REPORT_OTHER_TOO_LONG)
    expect(issue({ sourceId: 1, type: 'other', otherType: '字'.repeat(200) })).toBeNull()
    expect(issue({ sourceId: 'x', type: 'broken' })).toBe(NOT_FOUND)
  })
})

describe('reporting a link', () => {
  test('a guest and a signed-in visitor report a public link; name and address are copied', async () => {
    const o = await ownerWithLinks()
    const { user: visitor } = await createUser(db())
    const guestIp = freshIp()
    await reportSource(db(), null, parse({ sourceId: o.linkId, type: 'broken' }), guestIp)
    await reportSource(db(), visitor, parse({ sourceId: o.linkId, type: 'other', otherType: '跳到了别的网站' }), freshIp())
    const rows = await reportsOf(o.linkId)
    expect(rows.map((r) => ({ user: r.userId, ip: r.ip, type: r.type, other: r.other, name: r.name, url: r.url, status: r.status, homepageId: r.homepageId }))).toEqual([
      { user: null, ip: guestIp, type: 'broken', other: '', name: '坏链接', url: 'https://bad.example/', status: 'open', homepageId: o.homepageId },
      { user: visitor.id, ip: null, type: 'other', other: '跳到了别的网站', name: '坏链接', url: 'https://bad.example/', status: 'open', homepageId: o.homepageId },
    ])
  })

  test('reporting again changes the reason: one open report per reporter (user, or guest address) and link', async () => {
    const o = await ownerWithLinks()
    const { user: visitor } = await createUser(db())
    const guestIp = freshIp()
    await reportSource(db(), visitor, parse({ sourceId: o.linkId, type: 'broken' }), freshIp())
    await reportSource(db(), visitor, parse({ sourceId: o.linkId, type: 'porn', otherType: '图片' }), freshIp())
    await reportSource(db(), null, parse({ sourceId: o.linkId, type: 'broken' }), guestIp)
    await reportSource(db(), null, parse({ sourceId: o.linkId, type: 'gambling' }), guestIp)
    // Another guest address is another reporter.
    await reportSource(db(), null, parse({ sourceId: o.linkId, type: 'spam' }), freshIp())
    const rows = await reportsOf(o.linkId)
    expect(rows.map((r) => [r.userId, r.type, r.other]).sort()).toEqual(
      [[visitor.id, 'porn', '图片'], [null, 'gambling', ''], [null, 'spam', '']].sort(),
    )
    // At once from one guest address (PostgreSQL: really concurrent): still one open report.
    const racingIp = freshIp()
    await Promise.all(['broken', 'spam', 'porn'].map((type) => reportSource(db(), null, parse({ sourceId: o.linkId, type }), racingIp)))
    expect((await reportsOf(o.linkId)).filter((r) => r.ip === racingIp)).toHaveLength(1)
    // Once the operator handled it, a new report opens a new row.
    await db().update(sourceReports).set({ status: 'done' }).where(eq(sourceReports.userId, visitor.id))
    await reportSource(db(), visitor, parse({ sourceId: o.linkId, type: 'illegal' }), freshIp())
    expect((await reportsOf(o.linkId)).filter((r) => r.userId === visitor.id).map((r) => [r.status, r.type])).toEqual([
      ['done', 'porn'],
      ['open', 'illegal'],
    ])
  })

  test('a link the reporter cannot see cannot be reported: one answer, nothing stored', async () => {
    const o = await ownerWithLinks()
    const closed = await ownerWithLinks({ open: false })
    const { user: visitor } = await createUser(db())
    const folder = await saveFolder(db(), o.user, { bid: o.bids[0]!, name: '文件夹', summary: '' })
    const trashed = (await saveLink(db(), o.user, { bid: o.bids[0]!, name: '旧', url: 'https://old.example/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })).id
    await trashSources(db(), o.user, [trashed])
    const blacklisted = (await saveLink(db(), o.user, { bid: o.bids[0]!, name: '违规', url: 'https://x.example/', note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })).id
    await db().update(sources).set({ blacklist: true }).where(eq(sources.id, blacklisted))
    const cases: [typeof visitor | null, number][] = [
      // Private to everyone but its owner (未公开链接).
      [null, o.privateId],
      [visitor, o.privateId],
      // A private homepage, a trashed link, not a link, a blacklisted one, no such id.
      [visitor, closed.linkId],
      [null, closed.linkId],
      [visitor, trashed],
      [visitor, folder.id],
      [visitor, blacklisted],
      [visitor, 2_000_000_000],
    ]
    for (const [actor, sourceId] of cases) {
      await expect(reportSource(db(), actor, parse({ sourceId, type: 'broken' }), freshIp())).rejects.toThrow(NOT_FOUND)
    }
    for (const id of [o.privateId, closed.linkId, trashed, folder.id, blacklisted]) expect(await reportsOf(id)).toEqual([])
  })

  test('a member sees the private homepage and reports; the owner sees a private link and may report it too', async () => {
    const o = await ownerWithLinks({ open: false })
    const { user: member } = await createUser(db())
    await db().insert(homepageMembers).values({ homepageId: o.homepageId, userId: member.id })
    await reportSource(db(), member, parse({ sourceId: o.linkId, type: 'broken' }), freshIp())
    await expect(reportSource(db(), member, parse({ sourceId: o.privateId, type: 'broken' }), freshIp())).rejects.toThrow(NOT_FOUND)
    await reportSource(db(), o.user, parse({ sourceId: o.privateId, type: 'infringement' }), freshIp())
    expect((await reportsOf(o.linkId)).map((r) => r.userId)).toEqual([member.id])
    expect((await reportsOf(o.privateId)).map((r) => r.userId)).toEqual([o.user.id])
  })

  test('20 reports an hour per user, and per guest address; refused ones store nothing', async () => {
    const o = await ownerWithLinks()
    const { user: visitor } = await createUser(db())
    const guestIp = freshIp()
    for (let i = 0; i < 20; i++) {
      await reportSource(db(), visitor, parse({ sourceId: o.linkId, type: 'broken' }), freshIp())
      await reportSource(db(), null, parse({ sourceId: o.linkId, type: 'spam' }), guestIp)
    }
    await expect(reportSource(db(), visitor, parse({ sourceId: o.linkId, type: 'porn' }), freshIp())).rejects.toThrow(REPORT_BUSY_MSG)
    await expect(reportSource(db(), null, parse({ sourceId: o.linkId, type: 'porn' }), guestIp)).rejects.toThrow(REPORT_BUSY_MSG)
    expect((await reportsOf(o.linkId)).map((r) => r.type).sort()).toEqual(['broken', 'spam'])
    // Another guest address still may.
    await reportSource(db(), null, parse({ sourceId: o.linkId, type: 'porn' }), freshIp())
  })
})

describe('the operator\'s list', () => {
  test('open reports, newest first, with the reason in words and the count per link; kept when the link is gone', async () => {
    const o = await ownerWithLinks()
    const { user: a } = await createUser(db())
    const { user: b } = await createUser(db())
    await reportSource(db(), a, parse({ sourceId: o.linkId, type: 'broken' }), freshIp())
    await reportSource(db(), b, parse({ sourceId: o.linkId, type: 'other', otherType: '打开是空白页' }), freshIp())
    const mine = (await listOpenReports(db(), { size: 1000 })).filter((r) => r.url === 'https://bad.example/' && r.homepageId === o.homepageId)
    expect(mine.map((r) => [r.userId, r.reason, r.other, r.reports])).toEqual([
      [b.id, '其他', '打开是空白页', 2],
      [a.id, '链接失效/打不开', '', 2],
    ])
    // The bookmark deleted for good: the report keeps its name and address.
    await db().delete(sources).where(eq(sources.id, o.linkId))
    const kept = (await listOpenReports(db(), { size: 1000 })).filter((r) => r.homepageId === o.homepageId)
    expect(kept.map((r) => [r.sourceId, r.name, r.url, r.reports])).toEqual([
      [null, '坏链接', 'https://bad.example/', 1],
      [null, '坏链接', 'https://bad.example/', 1],
    ])
  })
})

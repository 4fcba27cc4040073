import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bags, groupBookmarks, groupCategories, groupMembers, groups, homepageMembers, homepages, notices, sources, users } from '#app/db/schema/index.ts'
import { homepageStats, visitBuffer } from '#app/services/visits.server.ts'
import { createSession, hashToken } from '#app/auth/session.server.ts'
import { sessions } from '#app/db/schema/index.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { createTestDb, type TestDb } from '#tests/setup/test-db.ts'
import type { KeptPage } from './page-store.server.ts'
import { type Ask, coalesced, isCurrent, keptViewer, versionReader, type Versions, viewerOf } from './versions.server.ts'

/** The database triggers behind the page cache (drizzle/0009_render_versions.sql, ADR 013). */

let handle: TestDb
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.dispose())

const versionsNow = (ask: Partial<Ask>) => versionReader(handle.rows)([{ session: null, homepages: [], ...ask }])
const homepageVersion = async (id: number) => (await versionsNow({ homepages: [id] })).homepages.get(id)
const userVersion = async (id: number) =>
  (await handle.db.select({ v: users.renderVersion }).from(users).where(eq(users.id, id)))[0]!.v

test('a statement on bookmarks bumps the versions of its categories once, whatever its size, and no homepage unless a row is starred (drizzle/0028)', async () => {
  const db = handle.db
  const a = await createOwner(db, ['甲', '甲二'])
  const b = await createOwner(db, ['乙'])
  const [a0, b0] = [await homepageVersion(a.homepageId), await homepageVersion(b.homepageId)]
  const [bag, other] = [a.bids[0]!, a.bids[1]!]
  const bagVersions = async () => (await versionsNow({ bags: [bag, other, b.bids[0]!] })).bags
  expect([...(await bagVersions()).values()]).toEqual([0, 0, 0])
  const row = (name: string, sortKey: number) => ({ homepageId: a.homepageId, bagId: bag, type: 'link' as const, name, url: 'https://a.example/', sortKey })
  const inserted = await db.insert(sources).values([row('一', 0), row('二', 1), row('三', 2)]).returning({ id: sources.id })
  expect((await bagVersions()).get(bag)).toBe(1)
  await db.update(sources).set({ name: '改' }).where(eq(sources.homepageId, a.homepageId))
  expect((await bagVersions()).get(bag)).toBe(2)
  // Moved to the other category: both.
  await db.update(sources).set({ bagId: other }).where(eq(sources.id, inserted[0]!.id))
  expect([(await bagVersions()).get(bag), (await bagVersions()).get(other)]).toEqual([3, 1])
  await db.delete(sources).where(eq(sources.id, inserted[1]!.id))
  expect((await bagVersions()).get(bag)).toBe(4)
  expect(await homepageVersion(a.homepageId)).toBe(a0)
  expect((await bagVersions()).get(b.bids[0]!)).toBe(0)
  // A starred row is also on the star module, part of the page around the categories: its homepage too.
  await db.update(sources).set({ liked: true }).where(eq(sources.id, inserted[2]!.id))
  expect(await homepageVersion(a.homepageId)).toBe(a0! + 1)
  expect((await bagVersions()).get(bag)).toBe(5)
  await db.update(sources).set({ name: '星标改名' }).where(eq(sources.id, inserted[2]!.id))
  expect(await homepageVersion(a.homepageId)).toBe(a0! + 2)
  expect(await homepageVersion(b.homepageId)).toBe(b0)
  // The homepage's own row, and its categories' rows: any change of them.
  await db.update(homepages).set({ title: '新名字' }).where(eq(homepages.id, b.homepageId))
  expect(await homepageVersion(b.homepageId)).toBe(b0! + 1)
  await db.update(bags).set({ name: '新分类名' }).where(eq(bags.id, b.bids[0]!))
  expect(await homepageVersion(b.homepageId)).toBe(b0! + 2)
  // A category gone is not answered: a page that showed it is not current.
  await db.delete(bags).where(eq(bags.id, other))
  expect((await bagVersions()).has(other)).toBe(false)
})

test('a group’s version (drizzle/0025): its row, its categories, bookmarks and members, its contributors’ names; no other group', async () => {
  const db = handle.db
  const { user } = await createUser(db, { nickname: '组长' })
  const { user: member } = await createUser(db, { nickname: '组员' })
  const [a, b] = await db.insert(groups).values([{ userId: user.id, name: '甲组' }, { userId: user.id, name: '乙组' }]).returning()
  const version = async (id: number) => (await versionsNow({ groups: [id] })).groups.get(id)!
  let before = await version(a!.id)
  const other = await version(b!.id)
  await db.update(groups).set({ summary: '简介' }).where(eq(groups.id, a!.id))
  expect(await version(a!.id)).toBe(++before)
  const [category] = await db.insert(groupCategories).values({ groupId: a!.id, title: '分类', sort: 1 }).returning()
  expect(await version(a!.id)).toBe(++before)
  await db.insert(groupBookmarks).values({ groupId: a!.id, categoryId: category!.id, userId: member.id, name: '链接', url: 'https://a.example/', sort: 1 })
  expect(await version(a!.id)).toBe(++before)
  await db.insert(groupMembers).values({ groupId: a!.id, userId: member.id })
  expect(await version(a!.id)).toBe(++before)
  await db.update(users).set({ nickname: '新名字' }).where(eq(users.id, member.id))
  expect(await version(a!.id)).toBe(++before)
  expect(await version(b!.id)).toBe(other)
})

test('the user’s version: their own row, their homepages, their notices', async () => {
  const db = handle.db
  const { user, homepageId } = await createOwner(db, ['丙'])
  let before = await userVersion(user.id)
  await db.update(users).set({ bookmarkSort: 'latest' }).where(eq(users.id, user.id))
  expect(await userVersion(user.id)).toBe(++before)
  await db.update(homepages).set({ summary: '简介' }).where(eq(homepages.id, homepageId))
  expect(await userVersion(user.id)).toBe(++before)
  await db.insert(notices).values({ userId: user.id, kind: 'homepage', title: '新成员加入', content: '…' })
  expect(await userVersion(user.id)).toBe(++before)
})

test('a member’s new nickname bumps the homepages they are a member of', async () => {
  const db = handle.db
  const owner = await createOwner(db, ['丁'])
  const { user: member } = await createUser(db, { nickname: '旧名字' })
  await db.insert(homepageMembers).values({ homepageId: owner.homepageId, userId: member.id })
  const before = await homepageVersion(owner.homepageId)
  await db.update(users).set({ searchKeymap: 'j' }).where(eq(users.id, member.id))
  expect(await homepageVersion(owner.homepageId), 'not for a setting only they see').toBe(before)
  await db.update(users).set({ nickname: '新名字' }).where(eq(users.id, member.id))
  expect(await homepageVersion(owner.homepageId)).toBe(before! + 1)
})

test('isCurrent: a kept page is current while its viewer and every homepage are at the versions it was made with (its categories’ bookmarks aside)', async () => {
  const db = handle.db
  const { user, homepageId, bids } = await createOwner(db, ['戊'])
  const session = hashToken(await createSession(db, user.id, {}))
  const now = () => versionsNow({ session, homepages: [homepageId] })
  const viewer = viewerOf(await now(), session)
  expect(viewer).toEqual({ id: user.id, renderVersion: await userVersion(user.id) })
  const page: KeptPage = { viewer, session: null, homepages: [[homepageId, (await homepageVersion(homepageId))!]], groups: [], visit: null, headers: {}, etag: '', identity: Buffer.from('') }
  expect(isCurrent(page, viewer, await now())).toBe(true)
  expect(isCurrent(page, null, await now()), 'another viewer').toBe(false)
  expect(isCurrent(page, { ...viewer!, renderVersion: viewer!.renderVersion + 1 }, await now())).toBe(false)
  expect(isCurrent({ ...page, homepages: [[-1, 0]] }, viewer, await now()), 'a homepage gone').toBe(false)
  // A bookmark changes its category, not the page around it (fragments.server.ts staleFragments tells which)…
  await db.insert(sources).values({ homepageId, bagId: bids[0]!, type: 'link', name: '新', url: 'https://b.example/', sortKey: 0 })
  expect(isCurrent(page, viewer, await now())).toBe(true)
  // …and the category's own row changes the page.
  await db.update(bags).set({ name: '戊改' }).where(eq(bags.id, bids[0]!))
  expect(isCurrent(page, viewer, await now())).toBe(false)
})

test('viewerOf: each session of one read is its user; signed out, expired or never seen is a guest', async () => {
  const db = handle.db
  const { user } = await createOwner(db, ['庚'])
  const [a, b] = [hashToken(await createSession(db, user.id, {})), hashToken(await createSession(db, user.id, {}))]
  const both = await versionReader(handle.rows)([{ session: a, homepages: [] }, { session: b, homepages: [] }])
  expect([viewerOf(both, a)?.id, viewerOf(both, b)?.id]).toEqual([user.id, user.id])
  const viewerNow = async (session: string) => viewerOf(await versionsNow({ session }), session)
  await db.delete(sessions).where(eq(sessions.idHash, a))
  expect(await viewerNow(a), 'signed out').toBeNull()
  await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.idHash, b))
  expect(await viewerNow(b), 'expired').toBeNull()
  expect(await viewerNow(hashToken('x'.repeat(43))), 'never seen').toBeNull()
})

test('a session’s end bumps its user’s version: a page kept for a signed-in viewer is checked by the user alone', async () => {
  const db = handle.db
  const { user, homepageId } = await createOwner(db, ['辛'])
  const [a, b] = [hashToken(await createSession(db, user.id, {})), hashToken(await createSession(db, user.id, {}))]
  const keptFor = async (session: string): Promise<KeptPage> => {
    const live = (await versionsNow({ session })).sessions.get(session)!
    expect(live.expiresAt).toBeGreaterThan(Date.now())
    const viewer = { id: user.id, renderVersion: live.renderVersion }
    return { viewer, session: { expiresAt: live.expiresAt, lastSeenAt: live.lastSeenAt }, homepages: [[homepageId, (await homepageVersion(homepageId))!]], groups: [], visit: null, headers: {}, etag: '', identity: Buffer.from('') }
  }
  const byUser = async (page: KeptPage, now = Date.now()) => keptViewer(page, await versionsNow({ users: [user.id], homepages: [homepageId] }), now)

  let page = await keptFor(a)
  expect(await byUser(page)).toEqual(page.viewer)
  expect(await byUser(page, page.session!.expiresAt), 'expired').toBeUndefined()
  expect(keptViewer({ ...page, session: null }, await versionsNow({ users: [user.id] }), Date.now()), 'not kept for a session').toBeUndefined()
  // Another session of the user ends: the page is checked again by its session (still live).
  await db.delete(sessions).where(eq(sessions.idHash, b))
  expect(await byUser(page)).toBeUndefined()
  expect(viewerOf(await versionsNow({ session: a }), a)?.id).toBe(user.id)
  page = await keptFor(a)
  expect(await byUser(page)).toEqual(page.viewer)
  // Its own session ends: never answered as that viewer again.
  await db.delete(sessions).where(eq(sessions.idHash, a))
  expect(await byUser(page)).toBeUndefined()
  expect(viewerOf(await versionsNow({ session: a }), a)).toBeNull()
})

test('coalesced: the asks of one moment share one read; an ask made while a read runs waits for the next', async () => {
  const reads: Ask[][] = []
  let finish!: () => void
  const empty: Versions = { sessions: new Map(), users: new Map(), homepages: new Map(), groups: new Map(), bags: new Map() }
  const read = coalesced(async (asks) => {
    reads.push([...asks])
    await new Promise<void>((resolve) => (finish = resolve))
    return empty
  })
  const turn = () => new Promise((resolve) => setImmediate(resolve))
  const first = [read({ session: null, homepages: [1] }), read({ session: 's', homepages: [2] })]
  await turn()
  expect(reads).toHaveLength(1)
  const late = read({ session: null, homepages: [3] })
  await turn()
  expect(reads, 'not joined to the read already running').toHaveLength(1)
  finish()
  await Promise.all(first)
  await turn()
  expect(reads.map((asks) => asks.flatMap((ask) => ask.homepages))).toEqual([[1, 2], [3]])
  finish()
  expect(await late).toBe(empty)
})

test('visitBuffer: views counted in memory are written together', async () => {
  const db = handle.db
  const { homepageId } = await createOwner(db, ['己'])
  const visits = visitBuffer(db, 60_000)
  for (let i = 0; i < 4; i++) visits.add(homepageId)
  expect((await homepageStats(db, homepageId)).today).toBe(0)
  await visits.stop()
  expect((await homepageStats(db, homepageId)).today).toBe(4)
})

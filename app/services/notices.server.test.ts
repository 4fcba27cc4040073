import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { homepageMembers, homepages, notices, type User } from '#app/db/schema/index.ts'
import { NotSignedInError } from '#app/utils/errors.ts'
import { createOwner, createUser, uniqueIp } from '#tests/db-utils.ts'
import { generateBookmarkFile } from '#tests/fixtures/bookmark-file.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { toggleFollow } from './follows.server.ts'
import { importPicked, importTree, storeBookmarkFile } from './imports.server.ts'
import { getInviteLink, joinHomepage } from './members.server.ts'
import { internalPath, listNotices, markRead, notify, openNotice, unreadCount } from './notices.server.ts'
import { saveLink } from './source.server.ts'

const db = useTestDb()

const noticesOf = (user: User) => db().select().from(notices).where(eq(notices.userId, user.id))

const link = (bid: number, name: string) => ({ bid, name, url: `https://example.com/${encodeURIComponent(name)}`, note: '', isOnlyOwnView: false, isOnlyOwnViewRemark: '' })

async function openHomepage(categories: string[] = ['常用']) {
  const owner = await createOwner(db(), categories)
  await db().update(homepages).set({ isOpen: true, title: '工作台', code: `w${owner.user.id}` }).where(eq(homepages.id, owner.homepageId))
  return owner
}

test('joining through the invite link tells the owner once, and only the owner', async () => {
  const { user: owner, homepageId } = await openHomepage()
  const { user: joiner } = await createUser(db(), { nickname: '小明' })
  const { code } = await getInviteLink(db(), owner, homepageId, 'generate')
  await joinHomepage(db(), joiner, { token: code }, uniqueIp())
  // Joining again changes nothing, and tells nobody anything.
  await joinHomepage(db(), joiner, { token: code }, uniqueIp())

  const got = await noticesOf(owner)
  expect(got).toHaveLength(1)
  expect(got[0]).toMatchObject({ kind: 'homepage', title: '新成员加入', content: '「小明」通过邀请链接加入了你的主页「工作台」', link: `/w${owner.id}`, readAt: null })
  expect(await noticesOf(joiner)).toHaveLength(0)
})

test('following tells the owner; unfollowing and following again while it is unread adds nothing', async () => {
  const { user: owner, homepageId } = await openHomepage()
  const { user: fan } = await createUser(db(), { nickname: '粉丝' })
  await toggleFollow(db(), fan, homepageId)
  await toggleFollow(db(), fan, homepageId)
  await toggleFollow(db(), fan, homepageId)
  const got = await noticesOf(owner)
  expect(got).toHaveLength(1)
  expect(got[0]).toMatchObject({ kind: 'homepage', title: '新的关注', content: '「粉丝」关注了你的主页「工作台」' })
  expect(await noticesOf(fan)).toHaveLength(0)

  // Once read, a new follow is news again.
  await markRead(db(), owner, 'all')
  await toggleFollow(db(), fan, homepageId)
  await toggleFollow(db(), fan, homepageId)
  expect(await noticesOf(owner)).toHaveLength(2)
  expect(await unreadCount(db(), owner)).toBe(1)
})

test('a member’s new link is a contribution the owner hears of; the owner’s and a manager’s links are not', async () => {
  const { user: owner, homepageId, bids } = await openHomepage(['常用'])
  const { user: member } = await createUser(db(), { nickname: '成员甲' })
  const { user: manager } = await createUser(db(), { nickname: '管理员' })
  await db().insert(homepageMembers).values([
    { homepageId, userId: member.id, permission: 'member' },
    { homepageId, userId: manager.id, permission: 'manager' },
  ])
  await saveLink(db(), owner, link(bids[0]!, '主人的'))
  await saveLink(db(), manager, link(bids[0]!, '管理员的'))
  await saveLink(db(), member, link(bids[0]!, '百度'))

  const got = await noticesOf(owner)
  expect(got).toHaveLength(1)
  expect(got[0]).toMatchObject({ kind: 'homepage', title: '成员添加了链接', content: '「成员甲」在你的主页「工作台」的分类「常用」添加了链接「百度」' })
  expect(await noticesOf(member)).toHaveLength(0)
  expect(await noticesOf(manager)).toHaveLength(0)
})

test('a finished import tells the importer, with a link to its report', async () => {
  const { user, bids } = await createOwner(db(), ['导入到这里'])
  const importId = await storeBookmarkFile(db(), user, { fileName: 'mine.html', bytes: new TextEncoder().encode(generateBookmarkFile({ folders: 1, links: 3 })) })
  const { folders } = await importTree(db(), user, importId)
  const result = await importPicked(db(), user, { importId, folderIds: folders.map((f) => f.id), linkIds: [], bid: bids[0]! })
  if (result.runId === null) throw new Error('imported nothing')

  const got = await noticesOf(user)
  expect(got).toHaveLength(1)
  expect(got[0]).toMatchObject({ kind: 'system', title: '导入完成', link: `/preview?id=${importId}&run=${result.runId}` })
  expect(got[0]!.content).toContain('3 个书签')
})

test('nobody is told of their own action', async () => {
  const { user } = await createUser(db())
  await notify(db(), { userId: user.id, actorId: user.id, kind: 'homepage', title: '自己', content: '自己做的' })
  expect(await noticesOf(user)).toHaveLength(0)
})

test('a link is kept only as a path on our own site', () => {
  expect(internalPath('/abc')).toBe('/abc')
  expect(internalPath('/preview?id=1&run=2')).toBe('/preview?id=1&run=2')
  expect(internalPath('https://evil.example/')).toBeNull()
  expect(internalPath('//evil.example/x')).toBeNull()
  expect(internalPath('/\\evil.example')).toBeNull()
  expect(internalPath('javascript:alert(1)')).toBeNull()
  expect(internalPath('')).toBeNull()
})

test('the list is the user’s own, newest first, paged, with total and unread counts', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  for (let i = 1; i <= 3; i++) await notify(db(), { userId: user.id, kind: 'system', title: `第${i}条` })
  await notify(db(), { userId: other.id, kind: 'system', title: '别人的' })

  const first = await listNotices(db(), user, { page: 1, size: 2 })
  expect(first.list.map((n) => n.title)).toEqual(['第3条', '第2条'])
  expect(first).toMatchObject({ total: 3, unread: 3 })
  const second = await listNotices(db(), user, { page: 2, size: 2 })
  expect(second.list.map((n) => n.title)).toEqual(['第1条'])
  await expect(listNotices(db(), null, { page: 1 })).rejects.toBeInstanceOf(NotSignedInError)
  expect(await unreadCount(db(), null)).toBe(0)
})

test('marking read: some by id, then all; someone else’s ids change nothing', async () => {
  const { user } = await createUser(db())
  const { user: other } = await createUser(db())
  for (const title of ['一', '二', '三']) await notify(db(), { userId: user.id, kind: 'system', title })
  await notify(db(), { userId: other.id, kind: 'system', title: '别人的' })
  const [third, second] = (await listNotices(db(), user, { page: 1 })).list
  const [theirs] = await noticesOf(other)

  expect(await markRead(db(), other, { ids: [third!.id] })).toEqual({ count: 0, unread: 1 })
  expect(await unreadCount(db(), user)).toBe(3)
  expect(await markRead(db(), user, { ids: [third!.id, theirs!.id] })).toEqual({ count: 1, unread: 2 })
  expect(await unreadCount(db(), user)).toBe(2)
  expect(await unreadCount(db(), other)).toBe(1)
  // Reading it again is not a change.
  expect(await markRead(db(), user, { ids: [third!.id] })).toEqual({ count: 0, unread: 2 })

  // Following a notice's link reads it; someone else's notice opens nothing.
  expect(await openNotice(db(), other, second!.id)).toBeNull()
  expect(await openNotice(db(), user, second!.id)).toEqual({ link: null })
  expect(await unreadCount(db(), user)).toBe(1)

  expect(await markRead(db(), user, 'all')).toEqual({ count: 1, unread: 0 })
  expect(await unreadCount(db(), user)).toBe(0)
  expect(await unreadCount(db(), other)).toBe(1)
  await expect(markRead(db(), null, 'all')).rejects.toBeInstanceOf(NotSignedInError)
})

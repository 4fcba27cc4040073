import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSession, hashToken } from '#app/auth/session.server.ts'
import { bags, groupApplies, groupBookmarks, groupMembers, groups, homepageFollows, homepageMembers, homepages, modules, notes, sessions, sources, uploads, users } from '#app/db/schema/index.ts'
import { storeImage } from '#app/uploads/image.server.ts'
import { diskStorage, type UploadStorage } from '#app/uploads/storage.server.ts'
import { createOwner, createUser } from '#tests/db-utils.ts'
import { addGroupBookmark, addGroupMember, createGroup, createGroupCategory } from '#tests/group-utils.ts'
import { BLUE, GREEN, jpeg, RED } from '#tests/fixtures/images.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { CONFIRM_REQUIRED, deleteAccount, NICKNAME_MISMATCH } from './account-deletion.server.ts'
import { changeAvatar, SIGN_IN_AGAIN, WRONG_CURRENT_PASSWORD } from './user-account.server.ts'
import { createNotebookNote, createNotepadNote } from './notes.server.ts'
import { applyToJoin } from './group-people.server.ts'
import { groupDetail, restoreGroup, trashGroup } from './groups.server.ts'

const db = useTestDb()
let dir: string
let storage: UploadStorage
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qiye-logoff-'))
  storage = diskStorage(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const count = async (table: typeof sources | typeof modules | typeof bags, homepageIds: number[]) =>
  (await db().select({ id: table.id }).from(table).where(inArray(table.homepageId, homepageIds))).length

/** A user with a homepage, a category and a bookmark whose icon is their upload. */
async function owner(name: string) {
  const made = await createOwner(db(), [`${name}的分类`])
  const { src } = await storeImage(await jpeg(64, 64, name === '甲' ? RED : BLUE), 'icon', { db: db(), userId: made.user.id, storage })
  const [source] = await db()
    .insert(sources)
    .values({ homepageId: made.homepageId, bagId: made.bids[0]!, name: `${name}的书签`, url: 'https://example.com/', icon: src })
    .returning()
  return { ...made, src, sourceId: source!.id }
}

test('deletion removes the user’s homepages, bookmarks, notes, uploads (rows and files), memberships and follows; another user is untouched', async () => {
  const leaving = await owner('甲')
  const staying = await owner('乙')
  const avatar = await changeAvatar(db(), leaving.user, await jpeg(120, 120, GREEN), { storage })
  // The leaving user is a member and a follower of the staying user's homepage, and vice versa.
  await db().insert(homepageMembers).values({ homepageId: staying.homepageId, userId: leaving.user.id })
  await db().insert(homepageFollows).values({ homepageId: staying.homepageId, userId: leaving.user.id })
  await db().insert(homepageMembers).values({ homepageId: leaving.homepageId, userId: staying.user.id })
  await createSession(db(), leaving.user.id, { ip: '203.0.113.9' })
  // Their notebook and a notepad of their homepage.
  await createNotebookNote(db(), leaving.user, { content: '<p>笔记</p>' })
  await createNotepadNote(db(), leaving.user, { bid: leaving.bids[0]! })
  expect(await db().select().from(notes).where(eq(notes.userId, leaving.user.id))).toHaveLength(2)
  const stayingVersion = async () => (await db().select({ v: homepages.renderVersion }).from(homepages).where(eq(homepages.id, staying.homepageId)))[0]!.v
  const before = await stayingVersion()
  const files = async () => (await readdir(dir)).filter((f) => !f.startsWith('.'))
  const leavingFiles = [leaving.src, avatar].map((p) => p.replace('/uploads/', ''))
  expect(await files()).toEqual(expect.arrayContaining(leavingFiles))

  // Refused without the confirmation or with a wrong password: nothing changes.
  await expect(deleteAccount(db(), leaving.user, { password: 'correct horse', confirm: false }, { storage, sessionToken: undefined })).rejects.toThrow(CONFIRM_REQUIRED)
  await expect(deleteAccount(db(), leaving.user, { password: 'wrong', confirm: true }, { storage, sessionToken: undefined })).rejects.toThrow(WRONG_CURRENT_PASSWORD)
  expect(await db().select().from(users).where(eq(users.id, leaving.user.id))).toHaveLength(1)

  await deleteAccount(db(), leaving.user, { password: 'correct horse', confirm: true }, { storage, sessionToken: undefined })

  expect(await db().select().from(users).where(eq(users.id, leaving.user.id))).toEqual([])
  expect(await db().select().from(homepages).where(eq(homepages.userId, leaving.user.id))).toEqual([])
  for (const table of [modules, bags, sources] as const) expect(await count(table, [leaving.homepageId])).toBe(0)
  expect(await db().select().from(homepageMembers).where(eq(homepageMembers.userId, leaving.user.id))).toEqual([])
  expect(await db().select().from(homepageFollows).where(eq(homepageFollows.userId, leaving.user.id))).toEqual([])
  expect(await db().select().from(sessions).where(eq(sessions.userId, leaving.user.id))).toEqual([])
  expect(await db().select().from(notes).where(eq(notes.userId, leaving.user.id))).toEqual([])
  // The uploads: rows and files (with their resized copies) gone.
  expect(await db().select().from(uploads).where(inArray(uploads.name, leavingFiles))).toEqual([])
  for (const file of await files()) expect(leavingFiles.some((name) => file.startsWith(name.split('.')[0]!))).toBe(false)

  // The other user: their homepage, bookmark, upload and file are all still there, and their
  // homepage's version rose (it lost a member and a follower: the page cache renders it anew).
  expect(await db().select().from(homepages).where(eq(homepages.id, staying.homepageId))).toHaveLength(1)
  expect(await count(sources, [staying.homepageId])).toBe(1)
  expect(await files()).toContain(staying.src.replace('/uploads/', ''))
  expect(await db().select().from(uploads).where(eq(uploads.name, staying.src.replace('/uploads/', '')))).toHaveLength(1)
  expect(await stayingVersion()).toBeGreaterThan(before)
})

test('a file the user uploaded that someone else also uses stays', async () => {
  const leaving = await owner('甲')
  const other = await createOwner(db(), ['别人'])
  // The same bytes are the same file: the other user's bookmark names it too.
  await db().insert(sources).values({ homepageId: other.homepageId, bagId: other.bids[0]!, name: '同一个图标', url: 'https://example.org/', icon: leaving.src })
  await deleteAccount(db(), leaving.user, { password: 'correct horse', confirm: true }, { storage, sessionToken: undefined })
  expect(await readdir(dir)).toContain(leaving.src.replace('/uploads/', ''))
  expect(await db().select().from(uploads).where(eq(uploads.name, leaving.src.replace('/uploads/', '')))).toHaveLength(1)
})

test('an account without a password: a recent sign-in, and its nickname typed', async () => {
  const { user } = await createUser(db(), { nickname: '社交账号' })
  await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id))
  const social = { ...user, passwordHash: null }
  // Only from a recent sign-in: a session of the account begun over ten minutes ago is refused.
  const stale = await createSession(db(), user.id, {})
  await db().update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.idHash, hashToken(stale)))
  await expect(deleteAccount(db(), social, { nickname: '社交账号', confirm: true }, { sessionToken: stale })).rejects.toThrow(SIGN_IN_AGAIN)
  await expect(deleteAccount(db(), social, { nickname: '社交账号', confirm: true }, { sessionToken: undefined })).rejects.toThrow(SIGN_IN_AGAIN)
  const fresh = await createSession(db(), user.id, {})
  await expect(deleteAccount(db(), social, { nickname: '别的名字', confirm: true }, { sessionToken: fresh })).rejects.toThrow(NICKNAME_MISMATCH)
  await deleteAccount(db(), social, { nickname: ' 社交账号 ', confirm: true }, { sessionToken: fresh })
  expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([])
})

test('groups: each passes to its longest-standing administrator, else its longest-standing member; one with nobody else goes; the user’s applications and memberships go', async () => {
  const { user: leaving } = await createUser(db(), { nickname: '要走的' })
  const person = async (nickname: string) => (await createUser(db(), { nickname })).user
  const [oldMember, newAdmin, oldAdmin, first, second, elsewhere] = await Promise.all(['老成员', '新管理员', '老管理员', '先来的', '后来的', '别处的'].map(person))
  const day = (d: number) => new Date(Date.UTC(2026, 0, d))

  // With administrators: the longest-standing administrator, though a member came earlier.
  const withAdmins = await createGroup(db(), leaving, { name: '有管理员' })
  await addGroupMember(db(), withAdmins, oldMember!, 'member', day(1))
  await addGroupMember(db(), withAdmins, newAdmin!, 'admin', day(5))
  await addGroupMember(db(), withAdmins, oldAdmin!, 'admin', day(3))
  const cid = await createGroupCategory(db(), leaving, withAdmins, '分类')
  await addGroupBookmark(db(), leaving, cid, '走的人加的')
  // Members only (and in the trash): the longest-standing member.
  const membersOnly = await createGroup(db(), leaving, { name: '只有成员', isOpen: false })
  await addGroupMember(db(), membersOnly, second!, 'member', day(9))
  await addGroupMember(db(), membersOnly, first!, 'member', day(2))
  await trashGroup(db(), leaving, membersOnly)
  // Alone.
  const alone = await createGroup(db(), leaving, { name: '一个人' })
  // Elsewhere: a member of one group, an applicant to another.
  const joined = await createGroup(db(), elsewhere!, { name: '加入的' })
  await addGroupMember(db(), joined, leaving)
  const applied = await createGroup(db(), elsewhere!, { name: '申请的', isOpen: false })
  await applyToJoin(db(), leaving, applied)

  await deleteAccount(db(), leaving, { password: 'correct horse', confirm: true }, { storage, sessionToken: undefined })

  const ownerOf = async (id: number) => (await db().select({ userId: groups.userId, deletedAt: groups.deletedAt }).from(groups).where(eq(groups.id, id)))[0]
  const membersOf = async (id: number) => (await db().select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, id))).map((m) => m.userId).sort()
  expect(await ownerOf(withAdmins)).toMatchObject({ userId: oldAdmin!.id, deletedAt: null })
  // The heir is the owner now, not also a member row.
  expect(await membersOf(withAdmins)).toEqual([oldMember!.id, newAdmin!.id].sort())
  expect(await groupDetail(db(), oldAdmin!, withAdmins)).toMatchObject({ role: 'owner', creator: '老管理员', bookmarkAmount: 1 })
  // The group's bookmarks stay, no longer anyone's.
  const [kept] = await db().select().from(groupBookmarks).where(eq(groupBookmarks.groupId, withAdmins))
  expect(kept).toMatchObject({ name: '走的人加的', userId: null, status: 'approved' })
  expect(await ownerOf(membersOnly)).toMatchObject({ userId: first!.id, deletedAt: expect.any(Date) })
  expect(await membersOf(membersOnly)).toEqual([second!.id])
  await restoreGroup(db(), first!, membersOnly)
  expect(await ownerOf(alone)).toBeUndefined()
  expect(await membersOf(joined)).toEqual([])
  expect(await db().select().from(groupApplies).where(eq(groupApplies.userId, leaving.id))).toEqual([])
  expect(await db().select().from(groups).where(eq(groups.userId, leaving.id))).toEqual([])
})

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSession, getSessionUser } from '#app/auth/session.server.ts'
import { homepages, users } from '#app/db/schema/index.ts'
import { diskStorage, type UploadStorage } from '#app/uploads/storage.server.ts'
import { createUser, uniqueIp } from '#tests/db-utils.ts'
import { jpeg } from '#tests/fixtures/images.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { signIn, WRONG_CREDENTIALS } from './account.server.ts'
import {
  changeAvatar,
  changeNickname,
  changePassword,
  CURRENT_SESSION_HINT,
  describeUserAgent,
  endOtherSessions,
  endSession,
  listSessions,
  SESSION_NOT_FOUND,
  TOO_MANY_PASSWORD_TRIES,
  WRONG_CURRENT_PASSWORD,
} from './user-account.server.ts'

const db = useTestDb()
let dir: string
let storage: UploadStorage
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qiye-avatar-'))
  storage = diskStorage(dir)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

const versions = async (userId: number, homepageId: number) => ({
  user: (await db().select({ v: users.renderVersion }).from(users).where(eq(users.id, userId)))[0]!.v,
  homepage: (await db().select({ v: homepages.renderVersion }).from(homepages).where(eq(homepages.id, homepageId)))[0]!.v,
})

test('a new nickname or avatar bumps the versions of the user and of their homepages (the page cache)', async () => {
  const { user } = await createUser(db())
  const before = await versions(user.id, user.currentHomepageId!)
  await changeNickname(db(), user, '新的昵称')
  const afterName = await versions(user.id, user.currentHomepageId!)
  expect(afterName.user).toBeGreaterThan(before.user)
  expect(afterName.homepage).toBeGreaterThan(before.homepage)
  const src = await changeAvatar(db(), user, await jpeg(300, 200), { storage })
  expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/)
  const afterAvatar = await versions(user.id, user.currentHomepageId!)
  expect(afterAvatar.user).toBeGreaterThan(afterName.user)
  expect(afterAvatar.homepage).toBeGreaterThan(afterName.homepage)
  const [row] = await db().select().from(users).where(eq(users.id, user.id))
  expect(row).toMatchObject({ nickname: '新的昵称', avatar: src })
})

test('a password change needs the current password, keeps this session and ends the others', async () => {
  const { user, password } = await createUser(db())
  const mine = await createSession(db(), user.id, {})
  const other = await createSession(db(), user.id, {})
  await expect(changePassword(db(), user, { current: 'not it', password: '新密码新密码' }, mine)).rejects.toThrow(WRONG_CURRENT_PASSWORD)
  expect(await getSessionUser(db(), other)).not.toBeNull()
  await changePassword(db(), user, { current: password, password: '新密码新密码' }, mine)
  expect(await getSessionUser(db(), mine)).not.toBeNull()
  expect(await getSessionUser(db(), other)).toBeNull()
  await expect(signIn(db(), { email: user.email, password }, uniqueIp())).rejects.toThrow(WRONG_CREDENTIALS)
  await signIn(db(), { email: user.email, password: '新密码新密码' }, uniqueIp())
})

test('ten wrong current passwords block the change for an hour, even with the right one', async () => {
  const { user, password } = await createUser(db())
  for (let i = 0; i < 10; i++) {
    await expect(changePassword(db(), user, { current: `wrong ${i}`, password: '新密码新密码' }, undefined)).rejects.toThrow(WRONG_CURRENT_PASSWORD)
  }
  await expect(changePassword(db(), user, { current: password, password: '新密码新密码' }, undefined)).rejects.toThrow(TOO_MANY_PASSWORD_TRIES)
})

test('sessions: own only, browser and device named, this one marked first; end one or all others', async () => {
  const { user } = await createUser(db())
  const { user: stranger } = await createUser(db())
  const mine = await createSession(db(), user.id, { ip: '198.51.100.7', userAgent: CHROME_WINDOWS })
  const phone = await createSession(db(), user.id, { ip: '203.0.113.9', userAgent: SAFARI_IPHONE })
  const third = await createSession(db(), user.id, {})
  const strangers = await createSession(db(), stranger.id, { ip: '192.0.2.1', userAgent: CHROME_WINDOWS })

  const list = await listSessions(db(), user, mine)
  expect(list).toHaveLength(3)
  expect(list[0]).toMatchObject({ current: true, browser: 'Chrome 131', ip: '198.51.100.7' })
  expect(list[0]!.device).toContain('Windows')
  expect(list[0]!.device).toContain('电脑')
  expect(list.find((s) => s.ip === '203.0.113.9')).toMatchObject({ browser: 'Safari 17', current: false })
  expect(list.find((s) => s.ip === '203.0.113.9')!.device).toContain('手机')
  expect(list.find((s) => s.ip === '未知')).toMatchObject({ browser: '未知浏览器', device: '未知设备' })
  // Ids are not the stored keys.
  for (const s of list) expect(s.id).toMatch(/^[0-9a-f]{24}$/)

  // Another user's session: its id (as its owner sees it) ends nothing for us.
  const strangerId = (await listSessions(db(), stranger, strangers))[0]!.id
  await expect(endSession(db(), user, strangerId, mine)).rejects.toThrow(SESSION_NOT_FOUND)
  await expect(endSession(db(), user, 'f'.repeat(24), mine)).rejects.toThrow(SESSION_NOT_FOUND)
  expect(await getSessionUser(db(), strangers)).not.toBeNull()
  // This browser's own: the header's 退出 is the way.
  await expect(endSession(db(), user, list[0]!.id, mine)).rejects.toThrow(CURRENT_SESSION_HINT)

  await endSession(db(), user, list.find((s) => s.ip === '203.0.113.9')!.id, mine)
  expect(await getSessionUser(db(), phone)).toBeNull()
  expect(await getSessionUser(db(), third)).not.toBeNull()
  expect(await endOtherSessions(db(), user, mine)).toBe(1)
  expect(await getSessionUser(db(), third)).toBeNull()
  expect(await getSessionUser(db(), mine)).not.toBeNull()
  expect(await getSessionUser(db(), strangers)).not.toBeNull()
  expect((await listSessions(db(), user, mine)).map((s) => s.current)).toEqual([true])
})

test('user agents bowser cannot place still read clearly', () => {
  expect(describeUserAgent(null)).toEqual({ browser: '未知浏览器', device: '未知设备' })
  expect(describeUserAgent('curl/8.5.0').browser).toMatch(/curl|未知浏览器/)
})

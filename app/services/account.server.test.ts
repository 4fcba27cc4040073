import { count, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { bags, homepages, modules, users } from '#app/db/schema/index.ts'
import { createUser, uniqueEmail, uniqueIp } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import {
  checkEmail,
  EMAIL_TAKEN,
  register,
  signIn,
  TOO_MANY_LOGINS,
  TOO_MANY_REGISTRATIONS,
  WRONG_CREDENTIALS,
} from './account.server.ts'

const db = useTestDb()

const userCount = async () => (await db().select({ n: count() }).from(users))[0]!.n

test('register stores a lower-cased e-mail, an argon2id hash and a starter homepage', async () => {
  const email = uniqueEmail()
  const { user } = await createUser(db(), { nickname: '小明', email: email.toUpperCase(), password: 'secret-密码' })
  expect(user.email).toBe(email)
  expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  const [homepage] = await db().select().from(homepages).where(eq(homepages.userId, user.id))
  expect(homepage).toMatchObject({ isDefault: true, isOpen: false, title: '小明的主页', icon: 'tabler:home' })
  expect(user.currentHomepageId).toBe(homepage!.id)
  const moduleRows = await db().select().from(modules).where(eq(modules.homepageId, homepage!.id))
  expect(moduleRows.map((m) => m.name)).toEqual(['常用'])
  const bagRows = await db().select().from(bags).where(eq(bags.homepageId, homepage!.id))
  expect(bagRows.map((b) => b.name)).toEqual(['常用网站'])
})

test('a taken e-mail, in any letter case, is refused and writes nothing', async () => {
  const { user } = await createUser(db())
  const before = await userCount()
  await expect(
    register(db(), { nickname: '另一个', email: user.email.toUpperCase(), password: '123456' }, uniqueIp()),
  ).rejects.toThrow(EMAIL_TAKEN)
  expect(await userCount()).toBe(before)
  await expect(checkEmail(db(), user.email, uniqueIp())).rejects.toThrow(EMAIL_TAKEN)
  await expect(checkEmail(db(), uniqueEmail(), uniqueIp())).resolves.toBeUndefined()
})

test('two simultaneous sign-ups with one e-mail create exactly one account', async () => {
  const email = uniqueEmail()
  const attempts = await Promise.allSettled(
    [1, 2, 3].map(() => register(db(), { nickname: '并发', email, password: '123456' }, uniqueIp())),
  )
  expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1)
  for (const a of attempts) if (a.status === 'rejected') expect(String(a.reason)).toContain(EMAIL_TAKEN)
  const rows = await db().select().from(users).where(eq(users.email, email))
  expect(rows).toHaveLength(1)
  expect(await db().select().from(homepages).where(eq(homepages.userId, rows[0]!.id))).toHaveLength(1)
})

test('unknown e-mail and wrong password get the same answer', async () => {
  const { user } = await createUser(db())
  const ip = uniqueIp()
  await expect(signIn(db(), { email: user.email, password: 'wrong password' }, ip)).rejects.toThrow(WRONG_CREDENTIALS)
  await expect(signIn(db(), { email: uniqueEmail(), password: 'wrong password' }, ip)).rejects.toThrow(WRONG_CREDENTIALS)
})

test.each([
  ['64 Chinese characters', '密'.repeat(63) + '码'],
  ['200 Chinese characters', '长'.repeat(199) + '句'],
])('a password of %s signs in whole and is never truncated', async (_name, password) => {
  const { user } = await createUser(db(), { password })
  const ip = uniqueIp()
  await expect(signIn(db(), { email: user.email, password }, ip)).resolves.toMatchObject({ id: user.id })
  // Only the last character differs: a truncating hash would accept it.
  const almost = password.slice(0, -1) + '错'
  await expect(signIn(db(), { email: user.email, password: almost }, ip)).rejects.toThrow(WRONG_CREDENTIALS)
})

test('after 10 wrong passwords from one IP even the right one is refused', async () => {
  const { user, password } = await createUser(db())
  const ip = uniqueIp()
  for (let i = 0; i < 10; i++) {
    await expect(signIn(db(), { email: user.email, password: `wrong-${i}` }, ip)).rejects.toThrow(WRONG_CREDENTIALS)
  }
  await expect(signIn(db(), { email: user.email, password }, ip)).rejects.toThrow(TOO_MANY_LOGINS)
  // Another address is not punished for this one.
  await expect(signIn(db(), { email: user.email, password }, uniqueIp())).resolves.toMatchObject({ id: user.id })
})

test('a successful sign-in resets the count of failures', async () => {
  const { user, password } = await createUser(db())
  const ip = uniqueIp()
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 9; i++) await signIn(db(), { email: user.email, password: 'nope' }, ip).catch(() => {})
    await expect(signIn(db(), { email: user.email, password }, ip)).resolves.toMatchObject({ id: user.id })
  }
})

test('one IP may register 10 accounts an hour', async () => {
  const ip = uniqueIp()
  for (let i = 0; i < 10; i++) {
    await register(db(), { nickname: `批量${i}`, email: uniqueEmail(), password: '123456' }, ip)
  }
  const before = await userCount()
  await expect(register(db(), { nickname: '第11个', email: uniqueEmail(), password: '123456' }, ip)).rejects.toThrow(
    TOO_MANY_REGISTRATIONS,
  )
  expect(await userCount()).toBe(before)
})

import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { homepageMembers, users } from '#app/db/schema/index.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { MEMBER_FACES, memberFaces } from './members.server.ts'

const db = useTestDb()

/** A homepage whose creator is `owner`, with members who joined in this order. */
async function homepageWith(owner: string, memberNames: string[]) {
  const { user } = await createUser(db(), { nickname: owner })
  const members = []
  for (const [i, nickname] of memberNames.entries()) {
    const { user: member } = await createUser(db(), { nickname })
    await db()
      .insert(homepageMembers)
      .values({ homepageId: user.currentHomepageId!, userId: member.id, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
    members.push(member)
  }
  return { owner: user, homepageId: user.currentHomepageId!, members }
}

test('the widget shows the creator, then the first members to join, four in all, as initials', async () => {
  const { owner, homepageId, members } = await homepageWith('小明', ['阿花', 'Bob', '😀笑脸', '第五人', '第六人'])
  expect(MEMBER_FACES).toBe(4)
  const faces = await memberFaces(db(), members[4]!, homepageId)
  expect(faces).toEqual([
    { initial: '小', avatar: '' },
    { initial: '阿', avatar: '' },
    { initial: 'B', avatar: '' },
    { initial: '😀', avatar: '' },
  ])
  expect(await memberFaces(db(), owner, homepageId)).toEqual(faces)
})

test('an uploaded avatar is shown; anything else in the avatar column is not', async () => {
  const { owner, homepageId, members } = await homepageWith('有头像', ['外链头像'])
  await db().update(users).set({ avatar: '/uploads/0123456789abcdef0123456789abcdef.png' }).where(eq(users.id, owner.id))
  await db().update(users).set({ avatar: 'https://evil.example/a.png' }).where(eq(users.id, members[0]!.id))
  expect(await memberFaces(db(), members[0]!, homepageId)).toEqual([
    { initial: '有', avatar: '/uploads/0123456789abcdef0123456789abcdef.png' },
    { initial: '外', avatar: '' },
  ])
})

test('only the homepage people see it: strangers are refused, guests must sign in', async () => {
  const { homepageId } = await homepageWith('主人', ['成员'])
  const { user: stranger } = await createUser(db(), { nickname: '路人' })
  await expect(memberFaces(db(), stranger, homepageId)).rejects.toBeInstanceOf(DomainError)
  await expect(memberFaces(db(), null, homepageId)).rejects.toBeInstanceOf(NotSignedInError)
})

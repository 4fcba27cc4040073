import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { homepageInvites } from '#app/db/schema/index.ts'
import { createOwner } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { INVITE_MAX_USES, invitedHomepageId, issueInvite, liveInvite, revokeInvites, useInvite } from './invite-links.server.ts'

const testDb = useTestDb()

test('a link is shown again unchanged, stored only as a hash, and stops working when revoked or replaced', async () => {
  const db = testDb()
  const { homepageId } = await createOwner(db, [])
  expect(await liveInvite(db, homepageId)).toBeNull()
  const first = await db.transaction((tx) => issueInvite(tx, homepageId))
  expect(first.token).toMatch(/^[\w-]{43}$/)
  expect(first.maxUses).toBe(INVITE_MAX_USES)
  expect((await liveInvite(db, homepageId))?.token).toBe(first.token)
  const stored = JSON.stringify(await db.select().from(homepageInvites))
  expect(stored).not.toContain(first.token)
  expect(await invitedHomepageId(db, first.token)).toBe(homepageId)

  const second = await db.transaction((tx) => issueInvite(tx, homepageId))
  expect(second.token).not.toBe(first.token)
  expect(await invitedHomepageId(db, first.token)).toBeNull()
  expect(await invitedHomepageId(db, second.token)).toBe(homepageId)

  await db.transaction((tx) => revokeInvites(tx, homepageId))
  expect(await invitedHomepageId(db, second.token)).toBeNull()
  expect(await liveInvite(db, homepageId)).toBeNull()
  for (const guess of ['', 'x'.repeat(43), `${second.token.slice(0, -1)}A`, `${second.token}'--`]) {
    expect(await invitedHomepageId(db, guess)).toBeNull()
  }
})

test('expired and used-up links stop working; parallel uses never pass the limit', async () => {
  const db = testDb()
  const { homepageId } = await createOwner(db, [])
  const link = await db.transaction((tx) => issueInvite(tx, homepageId))
  await db.update(homepageInvites).set({ maxUses: 3 }).where(eq(homepageInvites.homepageId, homepageId))
  const uses = await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => useInvite(tx, link.token))))
  expect(uses.filter((id) => id === homepageId)).toHaveLength(3)
  expect(await invitedHomepageId(db, link.token)).toBeNull()

  const fresh = await db.transaction((tx) => issueInvite(tx, homepageId))
  await db
    .update(homepageInvites)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(homepageInvites.tokenHash, sql`(select token_hash from homepage_invites where revoked_at is null)`))
  expect(await invitedHomepageId(db, fresh.token)).toBeNull()
  expect(await db.transaction((tx) => useInvite(tx, fresh.token))).toBeNull()
})

import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { homepageVisits } from '#app/db/schema/index.ts'
import { createOwner } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { homepageStats, recordVisit } from './visits.server.ts'

const testDb = useTestDb()

test('visits count today, yesterday and in total; concurrent views are all counted', async () => {
  const db = testDb()
  const { homepageId } = await createOwner(db, ['分类'])
  expect(await homepageStats(db, homepageId)).toEqual({ today: 0, yesterday: 0, total: 0 })
  await Promise.all(Array.from({ length: 5 }, () => recordVisit(db, homepageId)))
  await db.insert(homepageVisits).values([
    { homepageId, day: sql`(now() at time zone 'Asia/Shanghai')::date - 1`, count: 3 },
    { homepageId, day: sql`(now() at time zone 'Asia/Shanghai')::date - 9`, count: 10 },
  ])
  expect(await homepageStats(db, homepageId)).toEqual({ today: 5, yesterday: 3, total: 18 })
})

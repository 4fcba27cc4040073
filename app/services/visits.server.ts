import { eq, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { homepageVisits } from '#app/db/schema/index.ts'

/** Visits are counted per calendar day in China (UTC+8, no daylight saving), as users read "today". */
const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`

/** One more visit of the homepage today: a single upsert, safe under concurrent page views. */
export async function recordVisit(db: Db, homepageId: number) {
  await db
    .insert(homepageVisits)
    .values({ homepageId, day: TODAY, count: 1 })
    .onConflictDoUpdate({
      target: [homepageVisits.homepageId, homepageVisits.day],
      set: { count: sql`${homepageVisits.count} + 1` },
    })
}

/** The stats of spec §3: visits today, yesterday and in total. */
export async function homepageStats(db: Db, homepageId: number) {
  const [row] = await db
    .select({
      today: sql<number>`coalesce(sum(${homepageVisits.count}) filter (where ${homepageVisits.day} = ${TODAY}), 0)::int`,
      yesterday: sql<number>`coalesce(sum(${homepageVisits.count}) filter (where ${homepageVisits.day} = ${TODAY} - 1), 0)::int`,
      total: sql<number>`coalesce(sum(${homepageVisits.count}), 0)::int`,
    })
    .from(homepageVisits)
    .where(eq(homepageVisits.homepageId, homepageId))
  return row ?? { today: 0, yesterday: 0, total: 0 }
}

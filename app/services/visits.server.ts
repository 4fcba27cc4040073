import { eq, sql } from 'drizzle-orm'
import type { Db } from '#app/db/client.server.ts'
import { homepageVisits } from '#app/db/schema/index.ts'
import { batchedWriter } from '#app/utils/batched-writer.server.ts'

/** Visits are counted per calendar day in China (UTC+8, no daylight saving), as users read "today". */
const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`

/** `count` more visits of the homepage today: a single upsert, safe under concurrent page views. */
export async function recordVisit(db: Db, homepageId: number, count = 1) {
  await db
    .insert(homepageVisits)
    .values({ homepageId, day: TODAY, count })
    .onConflictDoUpdate({
      target: [homepageVisits.homepageId, homepageVisits.day],
      set: { count: sql`${homepageVisits.count} + ${count}` },
    })
}

/** Visits of homepages (rendered or answered by the page cache), counted by homepage and written every few seconds. */
export type VisitBuffer = ReturnType<typeof visitBuffer>

export function visitBuffer(db: Db, intervalMs = 5_000) {
  const writer = batchedWriter<number, number, 1>({
    intervalMs,
    what: 'Visits',
    merge: (waiting = 0) => waiting + 1,
    // One homepage at a time: one deleted meanwhile loses only its own visits.
    write: async (batch) => {
      for (const [homepageId, count] of batch) {
        await recordVisit(db, homepageId, count).catch((error: unknown) => console.error('Visits: could not record', count, 'visits of homepage', homepageId, error))
      }
    },
  })
  return { ...writer, add: (homepageId: number) => writer.add(homepageId, 1) }
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

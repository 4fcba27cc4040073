import { asc, desc, sql, type SQL } from 'drizzle-orm'
import { sources } from '#app/db/schema/index.ts'
import type { SortMethod } from '#app/schemas/sort.ts'

/** ORDER BY of each bookmark order; ties by id, so every order is total and stable. */
const ORDER: Record<SortMethod, SQL[]> = {
  custom: [asc(sources.sortKey), asc(sources.id)],
  newest: [desc(sources.createdAt), desc(sources.id)],
  oldest: [asc(sources.createdAt), asc(sources.id)],
  'most-clicks': [desc(sources.clickAmount), asc(sources.id)],
  'fewest-clicks': [asc(sources.clickAmount), asc(sources.id)],
  'recent-visit': [sql`${sources.clickTime} desc nulls last`, asc(sources.id)],
  'earliest-visit': [sql`${sources.clickTime} asc nulls last`, asc(sources.id)],
}

export const sourceOrder = (method: SortMethod) => ORDER[method]

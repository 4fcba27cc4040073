import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listRelatedHomepages } from '#app/services/homepages.server.ts'

export const action = getOnly

/** GET /api/homepage/get-join-list {page, wd}: homepages the user joined by invite, 10 a page: {list, total, next}. */
export const loader = defineApi(
  z.object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1), wd: z.string().trim().max(20).catch('') }),
  (input, { db, user }) => listRelatedHomepages(db, user, 'joined', input),
  { auth: true },
)

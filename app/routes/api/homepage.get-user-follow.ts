import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listRelatedHomepages } from '#app/services/homepages.server.ts'

export const action = getOnly

/** GET /api/homepage/get-user-follow {page, wd}: homepages the user follows, 10 a page; `accessible: false` once no longer shared. */
export const loader = defineApi(
  z.object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1), wd: z.string().trim().max(20).catch('') }),
  (input, { db, user }) => listRelatedHomepages(db, user, 'followed', input),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listBagShares } from '#app/services/category-share.server.ts'

export const action = getOnly

/** GET /api/bag/share-list {page, size (default 100), type share|follow, wd}: {list, total, page, size}. */
export const loader = defineApi(
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    size: z.coerce.number().int().min(1).max(100).catch(100),
    type: z.enum(['share', 'follow']).catch('share'),
    wd: z.string().trim().max(20).catch(''),
  }),
  (input, { db, user }) => listBagShares(db, user, input),
  { auth: true },
)

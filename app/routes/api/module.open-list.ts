import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listOpenModules } from '#app/services/module-share.server.ts'

export const action = getOnly

/** GET /api/module/open-list {page, size (default 5), wd}: the user's shared modules {list, total}. */
export const loader = defineApi(
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    size: z.coerce.number().int().min(1).max(100).catch(5),
    wd: z.string().trim().max(20).catch(''),
  }),
  (input, { db, user }) => listOpenModules(db, user, input),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { paging } from '#app/schemas/group.ts'
import { listCategories } from '#app/services/group-content.server.ts'

export const action = getOnly

/** GET /api/group/category {groupId, page, size (default 20), status}: the categories in order; status 1: the category trash (its administrators). */
export const loader = defineApi(
  z.object({
    groupId: apiId,
    ...paging(),
    status: z.preprocess((v) => (v === 1 || v === '1' ? 1 : 0), z.union([z.literal(0), z.literal(1)])),
  }),
  (input, { db, user }) => listCategories(db, user, input),
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listTrashedHomepages } from '#app/services/homepages.server.ts'

export const action = getOnly

/** GET /api/homepage/get-trash-list {page}: the user's trashed homepages, 10 a page, last trashed first: {list, total, next}. */
export const loader = defineApi(
  z.object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1) }),
  (input, { db, user }) => listTrashedHomepages(db, user, { page: input.page }),
  { auth: true },
)

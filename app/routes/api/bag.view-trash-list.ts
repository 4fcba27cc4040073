import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listTrash } from '#app/services/trash.server.ts'

/** GET /api/bag/view-trash-list {page}: the signed-in user's trash, 20 entries a page, newest first. */
export const loader = defineApi(
  z.object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1) }),
  (input, { db, user }) => listTrash(db, user, { page: input.page, size: 20 }),
  { auth: true },
)

export const action = getOnly

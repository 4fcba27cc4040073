import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listCreatedHomepages } from '#app/services/homepages.server.ts'

export const action = getOnly

/** GET /api/homepage/view-user-create {type}: the user's homepages (as get-create-list without a search; `type` is accepted and not needed). */
export const loader = defineApi(
  z.object({}),
  (input, { db, user }) => listCreatedHomepages(db, user),
  { auth: true },
)

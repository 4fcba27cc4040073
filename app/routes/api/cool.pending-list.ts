import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { paging } from '#app/schemas/group.ts'
import { pendingSites } from '#app/services/discover.server.ts'

export const action = getOnly

/** GET /api/cool/pending-list {page, size}: the sites waiting for review, oldest first. Administrators only. */
export const loader = defineApi(z.object(paging()), (input, { db, user }) => pendingSites(db, user, input), { auth: true })

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { paging } from '#app/schemas/group.ts'
import { listApplies } from '#app/services/group-people.server.ts'

export const action = getOnly

/** GET /api/group/apply-list {page, size (default 20)}: the pending applications to every group the caller owns or administers, oldest first. */
export const loader = defineApi(z.object(paging()), (input, { db, user }) => listApplies(db, user, input), { auth: true })

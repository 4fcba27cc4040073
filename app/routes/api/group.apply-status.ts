import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { applyStatus } from '#app/services/group-people.server.ts'

export const action = getOnly

/** GET /api/group/apply-status {groupId}: {status}: owner, admin, member, pending, rejected (the last decision) or none. */
export const loader = defineApi(z.object({ groupId: apiId }), (input, { db, user }) => applyStatus(db, user, input.groupId), { auth: true })

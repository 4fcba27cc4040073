import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { getGroupInvite } from '#app/services/group-people.server.ts'

export const action = getOnly

/** GET /api/group/get-invite-code {groupId}: {code, url, state (1 on, 0 off), expireTime}, empty when there is none (its administrators). */
export const loader = defineApi(z.object({ groupId: apiId }), (input, { db, user }) => getGroupInvite(db, user, input.groupId), { auth: true })

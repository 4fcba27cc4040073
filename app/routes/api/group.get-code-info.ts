import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { groupCodeInfo } from '#app/services/group-people.server.ts'

export const action = getOnly

/** GET /api/group/get-code-info {code}: the card of the group a working code invites to (邀请码无效或已失效 otherwise). Rate limited. */
export const loader = defineApi(z.object({ code: z.string().trim().max(100).catch('') }), (input, { db, user, clientIp }) =>
  groupCodeInfo(db, user, input.code, clientIp),
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { inviteDetail } from '#app/services/members.server.ts'

export const action = getOnly

/** GET /api/homepage/invite-detail {code}: the homepage a working invite link leads to (邀请链接无效或已失效 otherwise). */
export const loader = defineApi(z.object({ code: z.string().trim().max(100).catch('') }), (input, { db, user, clientIp }) =>
  inviteDetail(db, user, input.code, clientIp),
)

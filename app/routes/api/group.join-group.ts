import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { joinGroupByCode } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/join-group {code}: joins (open or closed) by a working invite code; {groupId}. Rate limited. */
export const action = defineApi(
  z.object({ code: z.string().trim().max(100).catch('') }),
  async (input, { db, user, clientIp }) => {
    const { msg, ...joined } = await joinGroupByCode(db, user, input.code, clientIp)
    return apiOk(joined, msg)
  },
  { auth: true },
)

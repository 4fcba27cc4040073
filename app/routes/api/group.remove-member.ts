import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { removeGroupMember } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/remove-member {groupId, userId}: an administrator removes a member, the owner anyone (移除成功); one's own id quits (已退出小组). */
export const action = defineApi(
  z.object({ groupId: apiId, userId: apiId }),
  async (input, { db, user }) => {
    const { msg } = await removeGroupMember(db, user, input)
    return apiOk(null, msg)
  },
  { auth: true },
)

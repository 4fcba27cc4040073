import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { PERMISSION_SET_MSG, setGroupMemberPermission } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/set-member-permission {groupId, userId}: the owner makes a member an administrator, or an administrator a member (a toggle). */
export const action = defineApi(
  z.object({ groupId: apiId, userId: apiId }),
  async (input, { db, user }) => apiOk(await setGroupMemberPermission(db, user, input), PERMISSION_SET_MSG),
  { auth: true },
)

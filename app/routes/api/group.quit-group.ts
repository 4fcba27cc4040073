import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { quitGroup } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/quit-group {groupId}: a member or administrator leaves (the owner deletes the group instead). */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => {
    const { msg } = await quitGroup(db, user, input.groupId)
    return apiOk(null, msg)
  },
  { auth: true },
)

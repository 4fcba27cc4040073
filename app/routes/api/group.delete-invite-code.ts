import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { deleteGroupInvite, INVITE_DELETED_MSG } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/delete-invite-code {groupId}: the code stops working and is gone. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => apiOk(await deleteGroupInvite(db, user, input.groupId), INVITE_DELETED_MSG),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { INVITE_OFF_MSG, INVITE_ON_MSG, toggleGroupInvite } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/set-invite-state {groupId}: switches the code off (refused until switched on again) or on. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => {
    const invite = await toggleGroupInvite(db, user, input.groupId)
    return apiOk(invite, invite.state === 1 ? INVITE_ON_MSG : INVITE_OFF_MSG)
  },
  { auth: true },
)

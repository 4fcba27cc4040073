import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { generateGroupInvite, INVITE_GENERATED_MSG } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/generate-invite-code {groupId}: a new code, switched on, for 30 days; the old one stops working. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => apiOk(await generateGroupInvite(db, user, input.groupId), INVITE_GENERATED_MSG),
  { auth: true },
)

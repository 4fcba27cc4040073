import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { applyToJoin } from '#app/services/group-people.server.ts'

export const loader = postOnly

/** POST /api/group/apply-join {groupId}: joins an open group at once; asks to join a closed one (its administrators review); {status}. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => {
    const { msg, ...state } = await applyToJoin(db, user, input.groupId)
    return apiOk(state, msg)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { toggleGroupStar } from '#app/services/groups.server.ts'

export const loader = postOnly

/** POST /api/group/mark-star {groupId}: puts the group in the caller's 我的收藏, or takes it out (a toggle); answers {isStar}. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => {
    const { msg, ...state } = await toggleGroupStar(db, user, input.groupId)
    return apiOk(state, msg)
  },
  { auth: true },
)

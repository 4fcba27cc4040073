import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { removeMember } from '#app/services/members.server.ts'

export const loader = postOnly

/** POST /api/homepage/remove-member {homepageId, userId}: the owner removes a member (移除成功); a member's own id leaves (已退出该主页). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId, userId: apiId })),
  async (input, { db, user }) => {
    const { msg } = await removeMember(db, user, input.homepageId, input.userId)
    return apiOk(null, msg)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { ReviewStatus } from '#app/schemas/group.ts'
import { reviewSite } from '#app/services/discover.server.ts'

export const loader = postOnly

/** POST /api/cool/review {id, status (1 or approved: 通过; 2 or rejected: 拒绝)}: decides a pending site, once. Administrators only. */
export const action = defineApi(
  z.object({ id: apiId, status: ReviewStatus }),
  async (input, { db, user }) => {
    const { msg, ...result } = await reviewSite(db, user, input)
    return apiOk(result, msg)
  },
  { auth: true },
)

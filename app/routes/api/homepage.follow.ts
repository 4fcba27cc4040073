import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiFlat } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { toggleFollow } from '#app/services/follows.server.ts'

export const loader = postOnly

/** POST /api/homepage/follow {homepageId}: follows or unfollows; flat {code, msg, follow, followAmount} (spec §8). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    const { msg, ...state } = await toggleFollow(db, user, input.homepageId)
    return apiFlat({ code: 1, msg, ...state })
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { toggleBagFollow } from '#app/services/category-share.server.ts'
import { apiId } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/follow {bid}: follows or unfollows a category someone shares; answers {follow}. */
export const action = defineApi(
  z.object({ bid: apiId }),
  async (input, { db, user }) => {
    const { follow, msg } = await toggleBagFollow(db, user, input.bid)
    return apiOk({ follow }, msg)
  },
  { auth: true },
)

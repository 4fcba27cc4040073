import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { APPEALED_MSG, appealBookmark } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/appeal {bookmarkId}: the contributor of a removed bookmark asks the administrators for it back, once. */
export const action = defineApi(
  z.object({ bookmarkId: apiId }),
  async (input, { db, user }) => {
    await appealBookmark(db, user, input.bookmarkId)
    return apiOk(null, APPEALED_MSG)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { RESTORED_MSG, restoreGroupBookmark } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/restore-bookmark {id}: a removed bookmark back at the end of its category (its pending appeal answered with it). */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => {
    await restoreGroupBookmark(db, user, input.id)
    return apiOk(null, RESTORED_MSG)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { BOOKMARK_DELETED_MSG, trashGroupBookmark } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/delete-bookmark {id}: to the group's bookmark trash; its contributor is told and may appeal. */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => {
    await trashGroupBookmark(db, user, input.id)
    return apiOk(null, BOOKMARK_DELETED_MSG)
  },
  { auth: true },
)

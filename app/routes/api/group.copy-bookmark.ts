import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { copyGroupBookmark } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/copy-bookmark {bsId, categoryId}: one shown group bookmark into one of the caller's own categories. */
export const action = defineApi(
  z.object({ bsId: apiId, categoryId: apiId }),
  async (input, { db, user }) => {
    const { msg, bookmark } = await copyGroupBookmark(db, user, { bookmarkId: input.bsId, categoryId: input.categoryId })
    return apiOk(bookmark, msg)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { CATEGORY_DELETED_MSG, trashCategory } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/delete-category {cid}: the category (and its bookmarks with it) to the group's category trash. */
export const action = defineApi(
  z.object({ cid: apiId }),
  async (input, { db, user }) => {
    await trashCategory(db, user, input.cid)
    return apiOk(null, CATEGORY_DELETED_MSG)
  },
  { auth: true },
)

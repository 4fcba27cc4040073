import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { BAG_DELETED_MSG, trashBag } from '#app/services/bag.server.ts'
import { apiId } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/delete {bid}: the category, its sub-categories and their bookmarks go to the trash. */
export const action = defineApi(
  z.object({ bid: apiId }),
  async (input, { db, user }) => {
    await trashBag(db, user, input.bid)
    return apiOk(null, BAG_DELETED_MSG)
  },
  { auth: true },
)

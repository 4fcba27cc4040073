import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { RESTORED_MSG, restoreCategory } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/restore-category {cid}: a category back from the trash, at the end of the group's categories. */
export const action = defineApi(
  z.object({ cid: apiId }),
  async (input, { db, user }) => {
    await restoreCategory(db, user, input.cid)
    return apiOk(null, RESTORED_MSG)
  },
  { auth: true },
)

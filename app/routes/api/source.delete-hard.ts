import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { deleteSourceForever } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/source/delete-hard {id}: a trashed bookmark is deleted for good (trash page). */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => {
    await deleteSourceForever(db, user, input.id)
    return apiOk(null, '操作成功！')
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { deleteBagForever } from '#app/services/bag.server.ts'
import { apiId } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/delete-hard {bid}: a trashed category is deleted for good. */
export const action = defineApi(
  z.object({ bid: apiId }),
  async (input, { db, user }) => {
    await deleteBagForever(db, user, input.bid)
    return apiOk(null, '操作成功！')
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { restoreBag } from '#app/services/bag.server.ts'
import { apiId } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/restore {bid}: a trashed category comes back with everything trashed with it. */
export const action = defineApi(
  z.object({ bid: apiId }),
  async (input, { db, user }) => {
    await restoreBag(db, user, input.bid)
    return apiOk(null, '操作成功！')
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { toggleStar } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/bookmark/mark-star {id}: star on / off. */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => apiOk(await toggleStar(db, user, input.id), '操作成功！'),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { switchHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/simple-usually {homepageId}: switches the user's current homepage (the one / shows them). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    await switchHomepage(db, user, input.homepageId)
    return apiOk(null, '操作成功')
  },
  { auth: true },
)

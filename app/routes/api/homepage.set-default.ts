import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { setDefaultHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/set-default {homepageId}: makes it the user's default homepage (the one that cannot be deleted). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    await setDefaultHomepage(db, user, input.homepageId)
    return apiOk(null, '设置成功')
  },
  { auth: true },
)

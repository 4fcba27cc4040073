import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { hardDeleteHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/hard-delete {homepageId}: deletes a trashed homepage for good, with all its content. */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    await hardDeleteHomepage(db, user, input.homepageId)
    return apiOk(null, '操作成功！')
  },
  { auth: true },
)

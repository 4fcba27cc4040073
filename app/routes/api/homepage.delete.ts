import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { HOMEPAGE_DELETED_MSG, trashHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/delete {homepageId}: to the trash (当前默认主页不可删除 for the default one). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    await trashHomepage(db, user, input.homepageId)
    return apiOk(null, HOMEPAGE_DELETED_MSG)
  },
  { auth: true },
)

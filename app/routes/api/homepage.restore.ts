import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { restoreHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/restore {homepageId}: back from the trash; without its code when that was taken meanwhile (the message says so). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    const { msg, codeCleared } = await restoreHomepage(db, user, input.homepageId)
    return apiOk({ codeCleared }, msg)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { saveShareParams } from '#app/services/module-share.server.ts'

export const loader = postOnly

/** POST /api/module/save-share-params {moduleId, key (title | summary), value}: answers the module's share params. */
export const action = defineApi(
  z.object({ moduleId: apiId, key: z.string().trim().max(40).catch(''), value: z.unknown() }),
  async (input, { db, user }) => apiOk(await saveShareParams(db, user, input), '保存成功'),
  { auth: true },
)

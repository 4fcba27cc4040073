import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { toggleModuleOpen } from '#app/services/module.server.ts'

export const loader = postOnly

/** POST /api/module/change-status {moduleId}: shares or unshares the module (isOpen toggles). */
export const action = defineApi(
  z.object({ moduleId: apiId }),
  async (input, { db, user }) => apiOk(await toggleModuleOpen(db, user, input.moduleId), '操作成功！'),
  { auth: true },
)

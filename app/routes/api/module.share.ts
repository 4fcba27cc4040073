import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { MODULE_SHARED_MSG, MODULE_UNSHARED_MSG, shareModule } from '#app/services/module-share.server.ts'

export const loader = postOnly

/** POST /api/module/share {moduleId, cancel}: shares the module at /{code}/{moduleId} ({moduleId, isOpen, url}); cancel=1 stops. */
export const action = defineApi(
  z.object({ moduleId: apiId, cancel: z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'true', z.boolean()) }),
  async (input, { db, user }) =>
    apiOk(await shareModule(db, user, input.moduleId, input.cancel), input.cancel ? MODULE_UNSHARED_MSG : MODULE_SHARED_MSG),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { NOT_FOUND } from '#app/services/access.server.ts'
import { apiId, apiOptionalId } from '#app/api/params.ts'
import { getModule, setDefaultModule } from '#app/services/module.server.ts'
import { DomainError } from '#app/utils/errors.ts'

export const loader = postOnly

/** POST /api/module/set-default-module {moduleId, homepageId}: the module the homepage opens on. */
export const action = defineApi(
  z.object({ moduleId: apiId, homepageId: apiOptionalId }),
  async (input, { db, user }) => {
    if (input.homepageId) {
      const { module } = await getModule(db, user, input.moduleId)
      if (module.homepageId !== input.homepageId) throw new DomainError(NOT_FOUND)
    }
    await setDefaultModule(db, user, input.moduleId)
    return apiOk(null, '设置成功')
  },
  { auth: true },
)

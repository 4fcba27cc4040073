import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiIdList } from '#app/api/params.ts'
import { sortModules } from '#app/services/module.server.ts'

export const loader = postOnly

/** POST /api/module/sort {moduleIds (array or comma-separated)}: the modules in this order. */
export const action = defineApi(
  z.object({ moduleIds: apiIdList }),
  async (input, { db, user }) => {
    await sortModules(db, user, input.moduleIds)
    return apiOk(null, '排序已自动保存')
  },
  { auth: true },
)

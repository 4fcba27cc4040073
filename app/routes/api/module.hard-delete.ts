import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiIdList } from '#app/api/params.ts'
import { hardDeleteModules } from '#app/services/module.server.ts'

export const loader = postOnly

/** POST /api/module/hard-delete {moduleIds}: deletes modules with their categories and bookmarks for good. */
export const action = defineApi(
  z.object({ moduleIds: apiIdList }),
  async (input, { db, user }) => {
    await hardDeleteModules(db, user, input.moduleIds)
    return apiOk(null, '操作成功！')
  },
  { auth: true },
)

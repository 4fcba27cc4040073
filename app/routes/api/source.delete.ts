import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { allDividers, apiIdList } from '#app/services/content-api.server.ts'
import { DELETED_MSG, trashSources } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/source/delete {bs_ids (array or comma-separated)}: the bookmarks (a folder with its children) go to the trash. */
export const action = defineApi(
  z.object({ bs_ids: apiIdList }),
  async (input, { db, user }) => {
    await trashSources(db, user, input.bs_ids)
    return apiOk(null, (await allDividers(db, input.bs_ids)) ? '分割线已删除！' : DELETED_MSG)
  },
  { auth: true },
)

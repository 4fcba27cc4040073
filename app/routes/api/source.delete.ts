import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiIdList } from '#app/api/params.ts'
import { trashSources } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/source/delete {bs_ids (array or comma-separated)}: the bookmarks (a folder with its children) go to the trash. */
export const action = defineApi(
  z.object({ bs_ids: apiIdList }),
  async (input, { db, user }) => {
    const { msg } = await trashSources(db, user, input.bs_ids)
    return apiOk(null, msg)
  },
  { auth: true },
)

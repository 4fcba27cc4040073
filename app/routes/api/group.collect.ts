import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiIdList } from '#app/api/params.ts'
import { collectGroupBookmarks } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/collect {bid, ids}: several shown group bookmarks into one of the caller's own categories (bid), all or none. */
export const action = defineApi(
  z.object({ bid: apiId, ids: apiIdList }),
  async (input, { db, user }) => {
    const { msg, list } = await collectGroupBookmarks(db, user, { bagId: input.bid, ids: input.ids })
    return apiOk(list, msg)
  },
  { auth: true },
)

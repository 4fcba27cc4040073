import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiIdList } from '#app/api/params.ts'
import { collectSites } from '#app/services/discover.server.ts'

export const loader = postOnly

/** POST /api/cool/collect {ids, bid}: approved sites into one of the caller's own categories (bid), all or none (its 100-children limit). */
export const action = defineApi(
  z.object({ ids: apiIdList, bid: apiId }),
  async (input, { db, user }) => {
    const { msg, list } = await collectSites(db, user, input)
    return apiOk(list, msg)
  },
  { auth: true },
)

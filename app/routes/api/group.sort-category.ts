import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiIdList } from '#app/api/params.ts'
import { SORTED_MSG, sortCategories } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/sort-category {sort}: every live category of one group, in their new order (a JSON array or comma-separated ids). */
export const action = defineApi(
  z.object({ sort: apiIdList }),
  async (input, { db, user }) => {
    await sortCategories(db, user, input.sort)
    return apiOk(null, SORTED_MSG)
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { sortBags } from '#app/services/bag.server.ts'
import { apiIdList } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/sort {ids (array or comma-separated)}: sibling categories in this order. */
export const action = defineApi(
  z.object({ ids: apiIdList }),
  async (input, { db, user }) => {
    await sortBags(db, user, input.ids)
    return apiOk(null, '排序已自动保存')
  },
  { auth: true },
)

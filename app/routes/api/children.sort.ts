import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { childrenSortList } from '#app/api/ordering-params.ts'
import { sortChildren } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/children/sort {sort: [{sort, id}] (or a JSON string of it)}: a folder's children in
 * ascending `sort`; the list is the folder those ids live in, children not listed keep their
 * order after them.
 */
export const action = defineApi(
  z.object({ sort: childrenSortList }),
  async (input, { db, user }) => {
    await sortChildren(db, user, input.sort)
    return apiOk(null, '排序已自动保存')
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { GROUP_SMALL_PAGE_SIZE, paging } from '#app/schemas/group.ts'
import { bookmarkTrash } from '#app/services/group-content.server.ts'

export const action = getOnly

/** GET /api/group/bookmark-trash {groupId, page, size (default 5)}: the removed bookmarks, pending appeals first (administrators). */
export const loader = defineApi(z.object({ groupId: apiId, ...paging(GROUP_SMALL_PAGE_SIZE) }), (input, { db, user }) => bookmarkTrash(db, user, input), {
  auth: true,
})

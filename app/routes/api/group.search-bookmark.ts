import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { GROUP_SMALL_PAGE_SIZE, paging } from '#app/schemas/group.ts'
import { searchGroupBookmarks } from '#app/services/group-content.server.ts'

export const action = getOnly

/** GET /api/group/search-bookmark {groupId, wd, page, size (default 5)}: shown bookmarks whose name, address or note contains `wd`. */
export const loader = defineApi(
  z.object({
    groupId: apiId,
    wd: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()),
    ...paging(GROUP_SMALL_PAGE_SIZE),
  }),
  (input, { db, user }) => searchGroupBookmarks(db, user, input),
)

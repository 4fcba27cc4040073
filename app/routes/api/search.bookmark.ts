import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { PageNumber } from '#app/schemas/ids.ts'
import { SEARCH_PAGE_SIZE } from '#app/schemas/search.ts'
import { searchBookmarks } from '#app/services/search.server.ts'

export const action = getOnly

/** GET /api/search/bookmark {wd, page, size}: a page (5 by default) of the signed-in user's own bookmarks matching `wd`. */
export const loader = defineApi(
  z.object({
    wd: z.string().catch(''),
    page: PageNumber.catch(1),
    size: z.coerce.number().int().min(1).max(50).catch(SEARCH_PAGE_SIZE),
  }),
  (input, { db, user }) => searchBookmarks(db, user, input),
  { auth: true },
)

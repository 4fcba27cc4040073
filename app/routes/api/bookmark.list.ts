import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { SourceListQuerySchema } from '#app/api/params.ts'
import { listSourcesWithChildren } from '#app/services/content-api.server.ts'

/** GET /api/bookmark/list {bid, page, size, sort, wd, divider, withChild, parentId}: a page of a category's (or folder's) bookmarks. */
export const loader = defineApi(SourceListQuerySchema, (input, { db, user }) => listSourcesWithChildren(db, user, input))

export const action = getOnly

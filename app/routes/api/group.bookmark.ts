import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, apiOptionalId } from '#app/api/params.ts'
import { paging } from '#app/schemas/group.ts'
import { listBookmarks } from '#app/services/group-content.server.ts'

export const action = getOnly

/**
 * GET /api/group/bookmark {groupId, categoryId, page, size (default 20), status}: a category's shown
 * bookmarks in order (no categoryId: the whole group's). status=pending: the contributions waiting
 * for review (all of them for a reviewer, one's own for a member).
 */
export const loader = defineApi(
  z.object({ groupId: apiId, categoryId: apiOptionalId, ...paging(), status: z.preprocess((v) => v === 'pending', z.boolean()) }),
  (input, { db, user }) => listBookmarks(db, user, { groupId: input.groupId, categoryId: input.categoryId, page: input.page, size: input.size, pending: input.status }),
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiIdList, apiOptionalId } from '#app/services/content-api.server.ts'
import { sortSources } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/source/sort {ids, bid, type, parentId?}: the bookmarks of category `bid` (or of its
 * folder `parentId`) in this order; the ones not listed keep their order after them. `type` (the
 * dragged kind) is accepted and not needed.
 */
export const action = defineApi(
  z.object({ ids: apiIdList, bid: apiId, parentId: apiOptionalId }),
  async (input, { db, user }) => {
    await sortSources(db, user, { bid: input.bid, parentId: input.parentId ?? null, ids: input.ids })
    return apiOk(null, '排序已自动保存')
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiIdList, apiOptionalId } from '#app/api/params.ts'
import { sortSources } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/bookmark/sort {ids, bid, parentId?}: drag and drop in a category (or its folder
 * `parentId`): these bookmarks in this order, the ones not listed keep their order after them.
 */
export const action = defineApi(
  z.object({ ids: apiIdList, bid: apiId, parentId: apiOptionalId }),
  async (input, { db, user }) => {
    await sortSources(db, user, { bid: input.bid, parentId: input.parentId ?? null, ids: input.ids })
    return apiOk(null, '排序已自动保存')
  },
  { auth: true },
)

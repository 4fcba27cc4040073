import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiIdList, apiOptionalId } from '#app/api/params.ts'
import { idempotencyKey, transferType } from '#app/api/ordering-params.ts'
import { transferSources } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/source/operation {bid, ids, type move|copy, fromBid, parentId?, key?}: the bookmarks
 * (one homepage) are moved or copied into category `bid` (or its folder `parentId`), appended in
 * the given order. `fromBid` is accepted and not needed. A repeated `key` does nothing.
 */
export const action = defineApi(
  z.object({ bid: apiId, ids: apiIdList, type: transferType, parentId: apiOptionalId, key: idempotencyKey }),
  async (input, { db, user }) => {
    const result = await transferSources(db, user, { ids: input.ids, type: input.type, bid: input.bid, parentId: input.parentId ?? null, key: input.key })
    return apiOk({ count: result.count }, '操作成功！')
  },
  { auth: true },
)

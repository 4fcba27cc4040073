import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiOptionalId } from '#app/api/params.ts'
import { afterIdParam, idempotencyKey, transferType } from '#app/api/ordering-params.ts'
import { moveSource, transferSources } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/children/move {id, bid, parentId?, afterId?, type (move, the default, or copy), key?}:
 * one bookmark (a folder's child, or any) moved or copied to category `bid`'s top level, or into
 * its folder `parentId`, last. A move with `afterId` (0 = first) lands right after that bookmark
 * of the target list instead: one call places a drag and drop (copies always go last).
 */
export const action = defineApi(
  z.object({
    id: apiId,
    bid: apiId,
    parentId: apiOptionalId,
    afterId: afterIdParam,
    type: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'move' : v), transferType),
    key: idempotencyKey,
  }),
  async (input, { db, user }) => {
    const parentId = input.parentId ?? null
    if (input.type === 'move' && input.afterId !== undefined) {
      await moveSource(db, user, input.id, { bid: input.bid, parentId, afterId: input.afterId || null })
      return apiOk({ count: 1 }, '操作成功！')
    }
    const result = await transferSources(db, user, { ids: [input.id], type: input.type, bid: input.bid, parentId, key: input.key })
    return apiOk({ count: result.count }, '操作成功！')
  },
  { auth: true },
)

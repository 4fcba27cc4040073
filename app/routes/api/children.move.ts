import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/services/content-api.server.ts'
import { idempotencyKey, transferType } from '#app/services/ordering-api.server.ts'
import { transferSources } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/children/move {id, bid, type (move, the default, or copy), key?}: one bookmark (a
 * folder's child, or any) moved or copied to the top level of category `bid`, last.
 */
export const action = defineApi(
  z.object({
    id: apiId,
    bid: apiId,
    type: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'move' : v), transferType),
    key: idempotencyKey,
  }),
  async (input, { db, user }) => {
    const result = await transferSources(db, user, { ids: [input.id], type: input.type, bid: input.bid, parentId: null, key: input.key })
    return apiOk({ count: result.count }, '操作成功！')
  },
  { auth: true },
)

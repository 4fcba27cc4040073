import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiIdList } from '#app/api/params.ts'
import { idempotencyKey, transferType } from '#app/api/ordering-params.ts'
import { transferSources } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/children/choose {pid, id (one or a list), action copy|move, key?}: bookmarks chosen
 * from a category go INTO folder `pid`, appended in the given order (no folders in folders).
 */
export const action = defineApi(
  z.object({ pid: apiId, id: apiIdList, action: transferType, key: idempotencyKey }),
  async (input, { db, user }) => {
    const result = await transferSources(db, user, { ids: input.id, type: input.action, parentId: input.pid, key: input.key })
    return apiOk({ count: result.count }, '操作成功！')
  },
  { auth: true },
)

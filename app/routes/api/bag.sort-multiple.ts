import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { sortMultipleBags } from '#app/services/bag.server.ts'
import { apiId } from '#app/api/params.ts'
import { dropType } from '#app/api/ordering-params.ts'

export const loader = postOnly

/**
 * POST /api/bag/sort-multiple {type before|after|inner, dropId, targetId}: the dragged category
 * goes right before or after the target, or inside it as its last sub-category (one module;
 * 不能移动到自己或自己的子分类下; single-level modules have no sub-categories).
 */
export const action = defineApi(
  z.object({ type: dropType, dropId: apiId, targetId: apiId }),
  async (input, { db, user }) => {
    await sortMultipleBags(db, user, input)
    return apiOk(null, '排序已自动保存')
  },
  { auth: true },
)

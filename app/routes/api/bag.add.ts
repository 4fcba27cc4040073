import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { BagSchema } from '#app/schemas/content.ts'
import { saveBag } from '#app/services/bag.server.ts'
import { firstGiven } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/add {bid (edit when given), name, moduleId, parentId (legacy: categoryId), color, icon} */
export const action = defineApi(
  z.preprocess((raw) => {
      const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
      return { ...input, parentId: firstGiven(input.parentId, input.categoryId) }
    }, BagSchema),
  async (input, { db, user }) => apiOk(await saveBag(db, user, input), '保存成功'),
  { auth: true },
)

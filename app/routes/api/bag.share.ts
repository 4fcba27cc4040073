import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { BagShareSchema, SHARED_MSG, shareBag, UNSHARED_MSG, unshareBag } from '#app/services/category-share.server.ts'
import { apiId } from '#app/api/params.ts'

export const loader = postOnly

/**
 * POST /api/bag/share {bid, remark (≤ 30), cancel}: shares the category at /collection/{bid}
 * (again: updates the remark) and answers {bid, remark, url}; with cancel=1 makes it private again.
 */
export const action = defineApi(
  BagShareSchema.extend({ bid: apiId, cancel: z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'true', z.boolean()) }),
  async (input, { db, user }) => {
    if (!input.cancel) return apiOk(await shareBag(db, user, input.bid, input.remark), SHARED_MSG)
    await unshareBag(db, user, input.bid)
    return apiOk(null, UNSHARED_MSG)
  },
  { auth: true },
)

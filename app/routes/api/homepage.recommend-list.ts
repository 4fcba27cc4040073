import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { otherOpenHomepages } from '#app/services/follows.server.ts'

export const action = getOnly

/** GET /api/homepage/recommend-list {homepageId}: the owner's other open homepages (empty: TA没有其它公开的主页). */
export const loader = defineApi(withHomepageId(z.object({ homepageId: apiId })), (input, { db, user }) =>
  otherOpenHomepages(db, user, input.homepageId),
)

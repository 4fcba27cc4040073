import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { homepageDetail } from '#app/services/homepages.server.ts'

export const action = getOnly

/** GET /api/homepage/get-detail {homepageId}: the Homepage entity; the owner also gets stats `number`. */
export const loader = defineApi(withHomepageId(z.object({ homepageId: apiId })), async (input, { db, user }) =>
  apiOk(await homepageDetail(db, user, input.homepageId)),
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { listModules } from '#app/services/module.server.ts'

/** GET /api/module/get-list {homepageId (else gb-hid)}: the homepage's modules in their order. */
export const loader = defineApi(withHomepageId(z.object({ homepageId: apiId })), (input, { db, user }) =>
  listModules(db, user, input.homepageId),
)

export const action = getOnly

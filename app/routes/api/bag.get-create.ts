import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { modulesWithBagTrees } from '#app/services/content-api.server.ts'

/** GET /api/bag/get-create {homepageId (else gb-hid)}: every module with its category tree (choose-category selects). */
export const loader = defineApi(withHomepageId(z.object({ homepageId: apiId })), (input, { db, user }) =>
  modulesWithBagTrees(db, user, input.homepageId),
)

export const action = getOnly

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { starList } from '#app/services/source.server.ts'

/** GET /api/bookmark/star-list {homepageId (else gb-hid)}: the starred bookmarks (star module -1). */
export const loader = defineApi(withHomepageId(z.object({ homepageId: apiId })), (input, { db, user }) =>
  starList(db, user, input.homepageId),
)

export const action = getOnly

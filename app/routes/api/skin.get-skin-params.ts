import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { getSkinParams } from '#app/services/skin.server.ts'

export const action = getOnly

/** GET /api/skin/get-skin-params {homepageId}: the homepage's skin (spec §3 Skin) with its theme colour id. */
export const loader = defineApi(withHomepageId(z.object({ homepageId: apiId })), async (input, { db, user }) =>
  apiOk(await getSkinParams(db, user, input.homepageId)),
)

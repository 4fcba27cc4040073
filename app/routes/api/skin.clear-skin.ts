import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { SKIN_CLEARED_MSG } from '#app/schemas/skin.ts'
import { clearSkin } from '#app/services/skin.server.ts'

export const loader = postOnly

/** POST /api/skin/clear-skin {homepageId}: the owner resets the homepage's skin, theme and theme colour; answers the skin. */
export const action = defineApi(withHomepageId(z.object({ homepageId: apiId })), async (input, { db, user }) =>
  apiOk(await clearSkin(db, user, input.homepageId), SKIN_CLEARED_MSG), { auth: true },
)

import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { withHomepageId } from '#app/api/params.ts'
import { PickFormSchema } from '#app/schemas/skin-background.ts'
import { BACKGROUND_SAVED_MSG, saveBackground } from '#app/services/skin-background.server.ts'

export const loader = postOnly

/**
 * POST /api/skin/save {color, image, repeat, skin_id, opacity, homepageId} (fuzzy too): the owner's
 * background on the homepage (guests keep theirs in the browser: spec §4); answers the background.
 */
export const action = defineApi(withHomepageId(PickFormSchema), async ({ homepageId, ...pick }, { db, user }) =>
  apiOk(await saveBackground(db, user, homepageId, pick), BACKGROUND_SAVED_MSG), { auth: true },
)

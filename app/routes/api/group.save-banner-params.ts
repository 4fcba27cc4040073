import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { BannerParamsSchema } from '#app/schemas/group.ts'
import { GROUP_SAVED_MSG, saveBannerParam } from '#app/services/groups.server.ts'

export const loader = postOnly

/** POST /api/group/save-banner-params {groupId, key (slogan, color, image), value}: one key of the banner; answers {banner}. */
export const action = defineApi(BannerParamsSchema, async (input, { db, user }) => apiOk(await saveBannerParam(db, user, input), GROUP_SAVED_MSG), {
  auth: true,
})

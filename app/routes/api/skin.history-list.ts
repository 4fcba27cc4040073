import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listSkinHistory } from '#app/services/skin-background.server.ts'
import { SIGNED_IN_ONLY_MSG } from '#app/utils/errors.ts'

export const action = getOnly

/** GET /api/skin/history-list: the user's uploaded skins, newest first (spec §3 Custom history: id, key, url). */
export const loader = defineApi(z.object({}), async (_input, { db, user }) => apiOk(await listSkinHistory(db, user!)), {
  auth: true,
  signInMsg: SIGNED_IN_ONLY_MSG,
})

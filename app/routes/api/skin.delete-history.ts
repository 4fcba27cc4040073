import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { deleteSkinHistory, HISTORY_DELETED_MSG } from '#app/services/skin-background.server.ts'
import { SIGNED_IN_ONLY_MSG } from '#app/utils/errors.ts'

export const loader = postOnly

/** POST /api/skin/delete-history {id}: one of the user's own uploads leaves their history. */
export const action = defineApi(z.object({ id: apiId }), async (input, { db, user }) => apiOk(await deleteSkinHistory(db, user!, input.id), HISTORY_DELETED_MSG), {
  auth: true,
  signInMsg: SIGNED_IN_ONLY_MSG,
})

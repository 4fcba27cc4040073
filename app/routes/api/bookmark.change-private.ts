import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { PRIVACY_MSG, togglePrivate } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/bookmark/change-private {id}: only-visible-to-me on / off. */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => apiOk(await togglePrivate(db, user, input.id), PRIVACY_MSG),
  { auth: true },
)

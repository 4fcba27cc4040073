import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiOptionalId } from '#app/api/params.ts'
import { JOINED_MSG, joinHomepage } from '#app/services/members.server.ts'

export const loader = postOnly

/** POST /api/homepage/join-homepage {code, homepageId (optional check)}: joins through a working invite link. */
export const action = defineApi(
  z.object({ code: z.string().trim().max(100).catch(''), homepageId: apiOptionalId }),
  async (input, { db, user, clientIp }) =>
    apiOk(await joinHomepage(db, user, { token: input.code, homepageId: input.homepageId }, clientIp), JOINED_MSG),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { resetInviteLink } from '#app/services/members.server.ts'

export const loader = postOnly

/** POST /api/homepage/reset-code {homepageId, type}: `reset` (default) makes a new link (链接已重置), `close` turns invites off. */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId, type: z.enum(['reset', 'close']).catch('reset') })),
  async (input, { db, user }) => {
    const { link, msg } = await resetInviteLink(db, user, input.homepageId, input.type)
    return apiOk(link, msg)
  },
  { auth: true },
)

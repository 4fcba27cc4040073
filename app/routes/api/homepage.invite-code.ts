import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/services/content-api.server.ts'
import { getInviteLink } from '#app/services/members.server.ts'

export const action = getOnly

/**
 * GET /api/homepage/invite-code {homepageId, type}: the live invite link {code, url, expiresAt,
 * useCount, maxUses} (type `get`, default; empty when none), made when there is none (`generate`).
 */
export const loader = defineApi(
  withHomepageId(z.object({ homepageId: apiId, type: z.enum(['get', 'generate']).catch('get') })),
  (input, { db, user }) => getInviteLink(db, user, input.homepageId, input.type),
  { auth: true },
)

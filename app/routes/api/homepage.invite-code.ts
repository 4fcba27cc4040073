import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { getInviteLink } from '#app/services/members.server.ts'

const InviteCodeSchema = withHomepageId(z.object({ homepageId: apiId, type: z.enum(['get', 'generate']).catch('get') }))

/**
 * GET /api/homepage/invite-code {homepageId}: the live invite link {code, url, expiresAt, useCount,
 * maxUses}, empty when there is none. Reading never changes state (ADR 003), so a GET with
 * `type=generate` only reads too; POST with `type=generate` makes the link when there is none.
 */
export const loader = defineApi(InviteCodeSchema, (input, { db, user }) => getInviteLink(db, user, input.homepageId, 'get'), { auth: true })

export const action = defineApi(InviteCodeSchema, (input, { db, user }) => getInviteLink(db, user, input.homepageId, input.type), { auth: true })

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { listMembers } from '#app/services/members.server.ts'

export const action = getOnly

/** GET /api/homepage/member-list {homepageId, page, size (default 10, at most 100)}: {creator, list, total, next}. */
export const loader = defineApi(
  withHomepageId(
    z.object({
      homepageId: apiId,
      page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
      size: z.coerce.number().int().min(1).max(100).catch(10),
    }),
  ),
  (input, { db, user }) => listMembers(db, user, input.homepageId, input),
  { auth: true },
)

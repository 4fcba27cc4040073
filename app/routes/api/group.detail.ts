import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { groupDetail } from '#app/services/groups.server.ts'

export const action = getOnly

/** GET /api/group/detail {groupId}: the group's card and what the caller is to it (role, seesContent, isStar). Anyone, a closed group too. */
export const loader = defineApi(z.object({ groupId: apiId }), (input, { db, user }) => groupDetail(db, user, input.groupId))

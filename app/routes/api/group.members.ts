import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { paging } from '#app/schemas/group.ts'
import { listGroupMembers } from '#app/services/group-people.server.ts'

export const action = getOnly

/** GET /api/group/members {groupId, page, size (default 20)}: {owner, list, total (the owner counted)}, for whoever sees the group's content. */
export const loader = defineApi(z.object({ groupId: apiId, ...paging() }), (input, { db, user }) => listGroupMembers(db, user, input))

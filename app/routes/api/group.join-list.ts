import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { paging } from '#app/schemas/group.ts'
import { listGroups } from '#app/services/groups.server.ts'

export const action = getOnly

/** GET /api/group/join-list {page, size (default 20)}: the groups the caller is a member or administrator of, newest first: {list, total, page, size}. */
export const loader = defineApi(z.object(paging()), (input, { db, user }) => listGroups(db, user, 'join', input), { auth: true })

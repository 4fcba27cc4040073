import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { paging } from '#app/schemas/group.ts'
import { listGroupLog } from '#app/services/group-people.server.ts'

export const action = getOnly

/** GET /api/group/group-log-list {groupId, page, size (default 20)}: the group's log, newest first (its members, administrators and owner). */
export const loader = defineApi(z.object({ groupId: apiId, ...paging() }), (input, { db, user }) => listGroupLog(db, user, input), { auth: true })

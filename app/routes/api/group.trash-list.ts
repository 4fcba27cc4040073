import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { GROUP_SMALL_PAGE_SIZE, paging } from '#app/schemas/group.ts'
import { listGroups } from '#app/services/groups.server.ts'

export const action = getOnly

/** GET /api/group/trash-list {page, size (default 5)}: the caller's own groups in the group trash, latest removal first. */
export const loader = defineApi(z.object(paging(GROUP_SMALL_PAGE_SIZE)), (input, { db, user }) => listGroups(db, user, 'trash', input), { auth: true })

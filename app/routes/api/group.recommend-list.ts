import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { paging } from '#app/schemas/group.ts'
import { listGroups } from '#app/services/groups.server.ts'

export const action = getOnly

/** GET /api/group/recommend-list {page, size (default 20)}: open groups, most bookmarks then most people first. Guests too. */
export const loader = defineApi(z.object(paging()), (input, { db, user }) => listGroups(db, user, 'recommend', input))

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { paging } from '#app/schemas/group.ts'
import { mySites } from '#app/services/discover.server.ts'

export const action = getOnly

/** GET /api/cool/my-list {page, size}: the caller's own recommendations in every state (pending, approved, rejected). */
export const loader = defineApi(z.object(paging()), (input, { db, user }) => mySites(db, user, input), { auth: true })

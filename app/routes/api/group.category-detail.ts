import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { categoryDetail } from '#app/services/group-content.server.ts'

export const action = getOnly

/** GET /api/group/category-detail {cid}: one live category {id, cid, groupId, title, icon, sort}, for whoever sees the group's content. */
export const loader = defineApi(z.object({ cid: apiId }), (input, { db, user }) => categoryDetail(db, user, input.cid))

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { siteDetail } from '#app/services/discover.server.ts'

export const action = getOnly

/** GET /api/cool/detail {id}: one site; one that is not approved only to its submitter and the administrators. */
export const loader = defineApi(z.object({ id: apiId }), ({ id }, { db, user }) => siteDetail(db, user, id))

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { bagInfo } from '#app/services/content-api.server.ts'

/** GET /api/bag/info {bid}: one category (the category form's detail). */
export const loader = defineApi(z.object({ bid: apiId }), (input, { db, user }) => bagInfo(db, user, input.bid))

export const action = getOnly

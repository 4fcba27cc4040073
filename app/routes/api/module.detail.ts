import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { moduleDetail } from '#app/services/content-api.server.ts'

/** GET /api/module/detail {moduleId}: one module with its homepage's code and name. */
export const loader = defineApi(z.object({ moduleId: apiId }), (input, { db, user }) => moduleDetail(db, user, input.moduleId))

export const action = getOnly

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { importHistory } from '#app/services/imports.server.ts'

/** GET /api/import/view-history: the user's last five uploads {id, title, createTime}, newest first. */
export const loader = defineApi(z.object({}), (_input, { db, user }) => importHistory(db, user), { auth: true })

export const action = getOnly

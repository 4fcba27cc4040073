import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { rememberSelection } from '#app/services/preferences.server.ts'

export const loader = postOnly

/** POST /api/source/remember-selected {bid}: the category a selector opens on next time. */
export const action = defineApi(z.object({ bid: apiId }), ({ bid }, { db, user }) => rememberSelection(db, user!, bid), { auth: true })

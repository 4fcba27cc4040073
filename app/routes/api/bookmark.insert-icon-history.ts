import { defineApi } from '#app/api/define-api.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { IconUseSchema } from '#app/schemas/icon.ts'
import { recordIconUse } from '#app/services/icons.server.ts'

export const loader = postOnly

/** POST /api/bookmark/insert-icon-history {key, type default image}: the icon moves to the front of the recent icons. */
export const action = defineApi(IconUseSchema, (input, { db, user }) => recordIconUse(db, user!, input), { auth: true })

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { THEME_COLORS } from '#app/schemas/skin.ts'

export const action = getOnly

/** GET /api/skin/theme-color: the 17 preset theme colours (spec §9), each with its night shades. */
export const loader = defineApi(z.object({}), async () => apiOk(THEME_COLORS))

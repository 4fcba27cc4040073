import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { skinCategories } from '#app/services/skin-background.server.ts'

export const action = getOnly

/** GET /api/skin/category: the built-in library's categories (spec §3 Skin category: cate_id, name). */
export const loader = defineApi(z.object({}), async () => apiOk(skinCategories()))

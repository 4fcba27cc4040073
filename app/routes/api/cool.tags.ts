import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { popularTags } from '#app/services/discover.server.ts'

export const action = getOnly

/** GET /api/cool/tags: the 30 tags most used by approved sites ({name, amount}). */
export const loader = defineApi(z.object({}), (_input, { db }) => popularTags(db))

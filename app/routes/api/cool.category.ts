import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listDiscoverCategories } from '#app/services/discover.server.ts'

export const action = getOnly

/** GET /api/cool/category: the discover area's categories, in order ({id, name, sort}). Guests too. */
export const loader = defineApi(z.object({}), (_input, { db }) => listDiscoverCategories(db))

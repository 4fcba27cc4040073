import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { rememberedSelection } from '#app/services/preferences.server.ts'

/** GET /api/bag/get-operate-remember: {homepageId, moduleId, bid} the selector opens on, or null. */
export const loader = defineApi(z.object({}), (_input, { db, user }) => rememberedSelection(db, user!), { auth: true })

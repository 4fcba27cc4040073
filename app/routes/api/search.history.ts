import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { guestHistory, searchHistoryOf } from '#app/services/search.server.ts'

export const action = getOnly

/** GET /api/search/history: the last 8 keywords, newest first (a guest's from their cookie). */
export const loader = defineApi(z.object({}), async (_input, { db, user, request }) =>
  user ? searchHistoryOf(db, user) : guestHistory(request),
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { HISTORY_CLEARED_MSG } from '#app/schemas/search.ts'
import { clearSearchHistory, guestHistoryHeader } from '#app/services/search.server.ts'
import { isHttps } from '#app/utils/http.server.ts'

export const loader = postOnly

/** POST /api/search/clear-history: forgets the search history (a guest's cookie too). */
export const action = defineApi(z.object({}), async (_input, { db, user, request }) => {
  if (user) {
    await clearSearchHistory(db, user)
    return apiOk(null, HISTORY_CLEARED_MSG)
  }
  return apiOk(null, HISTORY_CLEARED_MSG, { 'Set-Cookie': (await guestHistoryHeader(request, null, { secure: isHttps(request) }))! })
})

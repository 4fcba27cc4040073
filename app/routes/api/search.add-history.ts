import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { EMPTY_KEYWORD_MSG } from '#app/schemas/search.ts'
import { guestHistoryHeader, rememberSearch } from '#app/services/search.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { isHttps } from '#app/utils/http.server.ts'

export const loader = postOnly

/** POST /api/search/add-history {wd}: puts a keyword first in the history (a guest's in their cookie). */
export const action = defineApi(z.object({ wd: z.string().catch('') }), async ({ wd }, { db, user, request }) => {
  if (user) {
    await rememberSearch(db, user, wd)
    return null
  }
  const cookie = await guestHistoryHeader(request, wd, { secure: isHttps(request) })
  if (!cookie) throw new DomainError(EMPTY_KEYWORD_MSG)
  return apiOk(null, '操作成功', { 'Set-Cookie': cookie })
})

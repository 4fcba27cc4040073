import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { LinkUrl } from '#app/schemas/content.ts'
import { checkRepeat } from '#app/services/discover.server.ts'

export const action = getOnly

/**
 * GET /api/cool/check-repeat {url}: whether the address (normalised: ADR 034) was recommended
 * already — {repeat, site}; `site` ({id, name, status}) only when the caller may see it.
 */
export const loader = defineApi(z.object({ url: LinkUrl }), async ({ url }, { db, user }) => {
  const { msg, ...answer } = await checkRepeat(db, user, url)
  return apiOk(answer, msg)
})

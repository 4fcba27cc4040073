import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { RecommendSchema } from '#app/schemas/discover.ts'
import { recommendSite } from '#app/services/discover.server.ts'

export const loader = postOnly

/**
 * POST /api/cool/recommend {name, url, crawler_icon, icon, tags, summary, sourceType (default '1'), cid}:
 * recommends a site; it waits for an administrator. An address recommended already: 该网站已被推荐过.
 */
export const action = defineApi(
  RecommendSchema,
  async (input, { db, user }) => {
    const { msg, ...site } = await recommendSite(db, user, input)
    return apiOk(site, msg)
  },
  { auth: true },
)

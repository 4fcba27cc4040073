import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiIdList } from '#app/api/params.ts'
import { sortStars, STARS_SORTED_MSG } from '#app/services/source.server.ts'

export const loader = postOnly

/**
 * POST /api/bookmark/like-sort {ids}: the star list's order (module −1). The given starred
 * bookmarks (one homepage, the owner's) first in this order, the other starred ones after them.
 */
export const action = defineApi(
  z.object({ ids: apiIdList }),
  async (input, { db, user }) => apiOk(await sortStars(db, user, input.ids), STARS_SORTED_MSG),
  { auth: true },
)

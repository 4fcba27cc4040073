import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { bookmarkDetail } from '#app/services/group-content.server.ts'

export const action = getOnly

/** GET /api/group/bookmark-detail {bookmarkId}: one bookmark (a pending or removed one only for its contributor and the administrators). */
export const loader = defineApi(z.object({ bookmarkId: apiId }), (input, { db, user }) => bookmarkDetail(db, user, input.bookmarkId))

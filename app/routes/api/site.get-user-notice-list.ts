import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { listNotices, noticeView } from '#app/services/notices.server.ts'

export const action = getOnly

/** GET /api/site/get-user-notice-list {page, size (default 20, at most 100)}: {list, total, unread, page, size}, newest first. */
export const loader = defineApi(
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    size: z.coerce.number().int().min(1).max(100).catch(20),
  }),
  async (input, { db, user }) => {
    const { list, ...rest } = await listNotices(db, user, input)
    return { list: list.map(noticeView), ...rest }
  },
  { auth: true },
)

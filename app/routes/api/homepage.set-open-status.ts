import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { toggleHomepageOpen } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/set-open-status {homepageId}: the owner's share switch (主页已公开！ / 主页已经取消分享！); answers {isOpen}. */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => {
    const { isOpen, msg } = await toggleHomepageOpen(db, user, input.homepageId)
    return apiOk({ isOpen }, msg)
  },
  { auth: true },
)

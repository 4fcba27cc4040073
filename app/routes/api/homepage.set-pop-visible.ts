import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { togglePopVisible } from '#app/services/homepage-settings.server.ts'

export const loader = postOnly

/** POST /api/homepage/set-pop-visible {homepageId}: toggles popVisible; answers the new value. */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => apiOk(await togglePopVisible(db, user, input.homepageId), '设置成功'),
  { auth: true },
)

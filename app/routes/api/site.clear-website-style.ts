import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, withHomepageId } from '#app/api/params.ts'
import { DONE_MSG } from '#app/dialogs/family.server.ts'
import { clearLayout } from '#app/services/homepage-settings.server.ts'

export const loader = postOnly

/** POST /api/site/clear-website-style {homepageId}: the homepage's layout settings back to the defaults (the theme colour stays). */
export const action = defineApi(
  withHomepageId(z.object({ homepageId: apiId })),
  async (input, { db, user }) => apiOk(await clearLayout(db, user, input.homepageId), DONE_MSG),
  { auth: true },
)

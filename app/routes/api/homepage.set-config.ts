import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { ALL_LAYOUT_FIELDS } from '#app/schemas/layout.ts'
import { layoutCallSchema } from '#app/api/params.ts'
import { updateLayout } from '#app/services/homepage-settings.server.ts'

export const loader = postOnly

/** POST /api/homepage/set-config {homepageId, any layout config fields}: merges them into the layout config. */
export const action = defineApi(
  layoutCallSchema(ALL_LAYOUT_FIELDS),
  async (input, { db, user }) => apiOk(await updateLayout(db, user, input.homepageId, input.patch), '设置成功'),
  { auth: true },
)

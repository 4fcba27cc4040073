import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { HOMEPAGE_SETTING_FIELDS } from '#app/schemas/layout.ts'
import { layoutCallSchema } from '#app/api/params.ts'
import { updateLayout } from '#app/services/homepage-settings.server.ts'

export const loader = postOnly

/** POST /api/homepage/save-info {websiteVisible, engineVisible, sidebarPosition, anchorPosition, rootFontSize, homepageId} */
export const action = defineApi(
  layoutCallSchema(HOMEPAGE_SETTING_FIELDS),
  async (input, { db, user }) => apiOk(await updateLayout(db, user, input.homepageId, input.patch), '所有设置已保存成功~'),
  { auth: true },
)

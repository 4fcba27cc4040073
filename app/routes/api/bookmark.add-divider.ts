import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { DividerSchema } from '#app/schemas/content.ts'
import { saveDivider } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/bookmark/add-divider {id (edit when given), bid, name, align, style, color, parentLinkId} */
export const action = defineApi(
  DividerSchema,
  async (input, { db, user }) => apiOk(await saveDivider(db, user, input), '保存成功'),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { layoutCallSchema } from '#app/api/params.ts'
import { updateLayout } from '#app/services/homepage-settings.server.ts'

export const loader = postOnly

/** POST /api/module/save-max-column {homepageId, height}: the layout's maxColumnHeight. */
export const action = defineApi(
  z.preprocess((raw) => ({ ...(raw as object), maxColumnHeight: (raw as { height?: unknown }).height }), layoutCallSchema(['maxColumnHeight'])),
  async (input, { db, user }) => apiOk(await updateLayout(db, user, input.homepageId, input.patch), '设置成功'),
  { auth: true },
)

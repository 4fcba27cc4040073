import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { FormatsSchema } from '#app/schemas/content.ts'
import { setBagFormats } from '#app/services/bag.server.ts'
import { apiId, jsonField } from '#app/api/params.ts'

export const loader = postOnly

/** POST /api/bag/set-formats {formats (object or JSON string), bid}: the batch format of the category's bookmarks. */
export const action = defineApi(
  z.object({ bid: apiId, formats: z.preprocess(jsonField, FormatsSchema) }),
  async (input, { db, user }) => apiOk(await setBagFormats(db, user, input.bid, input.formats), '保存成功'),
  { auth: true },
)

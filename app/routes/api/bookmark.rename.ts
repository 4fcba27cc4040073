import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { NoteSourceSchema } from '#app/schemas/content.ts'
import { apiId } from '#app/api/params.ts'
import { renameSource } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/bookmark/rename {id, remark}: a new name (folders and dividers keep their 30-character limit). */
export const action = defineApi(
  z.object({ id: apiId, remark: NoteSourceSchema.shape.remark }),
  async (input, { db, user }) => apiOk(await renameSource(db, user, input.id, input.remark), '保存成功'),
  { auth: true },
)

import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { FolderSchema } from '#app/schemas/content.ts'
import { saveFolder } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/bookmark/add-folder {id (edit when given), bid, name, icon, summary} */
export const action = defineApi(
  FolderSchema,
  async (input, { db, user }) => apiOk(await saveFolder(db, user, input), '保存成功'),
  { auth: true },
)

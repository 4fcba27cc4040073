import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { deleteImportFolder } from '#app/services/imports.server.ts'

export const loader = postOnly

/** POST /api/import/delete-folder {id}: a folder (with everything under it) leaves an upload's preview. */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => {
    await deleteImportFolder(db, user, input.id)
    return apiOk(null, '删除成功')
  },
  { auth: true },
)

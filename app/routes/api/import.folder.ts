import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { importTree } from '#app/services/imports.server.ts'

/** GET /api/import/folder {fileId}: the uploaded file's folders (document order, parents first) with their counts. */
export const loader = defineApi(
  z.object({ fileId: apiId }),
  async (input, { db, user }) => {
    const { file, folders, root } = await importTree(db, user, input.fileId)
    return { id: file.id, title: file.title, folderCount: file.folderCount, linkCount: file.linkCount, root, list: folders }
  },
  { auth: true },
)

export const action = getOnly

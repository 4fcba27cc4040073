import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiOptionalId } from '#app/api/params.ts'
import { importFolderLinks, importOfFolder } from '#app/services/imports.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { NO_SUCH } from '#app/schemas/ids.ts'

/** GET /api/import/link {id} (a folder of an upload), or {fileId} for the links at the file's top level; duplicates marked. */
export const loader = defineApi(
  z.object({ id: apiOptionalId, fileId: apiOptionalId }),
  async (input, { db, user }) => {
    if (input.id) return importFolderLinks(db, user, await importOfFolder(db, user, input.id), input.id)
    if (input.fileId) return importFolderLinks(db, user, input.fileId, null)
    throw new DomainError(NO_SUCH)
  },
  { auth: true },
)

export const action = getOnly

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { undoImportRun, undoneMessage } from '#app/services/imports.server.ts'

export const loader = postOnly

/** POST /api/import/undo {runId}: removes what that import added that is still where it
 * put it (not in the spec: our "undo this import"); answers {removed, kept}. */
export const action = defineApi(
  z.object({ runId: apiId }),
  async (input, { db, user }) => {
    const result = await undoImportRun(db, user, input.runId)
    return apiOk(result, undoneMessage(result))
  },
  { auth: true },
)

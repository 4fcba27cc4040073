import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { UNDONE_MSG, undoImportRun } from '#app/services/imports.server.ts'

export const loader = postOnly

/** POST /api/import/undo {runId}: removes exactly what that import added (not in the spec: our "undo this import"). */
export const action = defineApi(
  z.object({ runId: apiId }),
  async (input, { db, user }) => apiOk(await undoImportRun(db, user, input.runId), UNDONE_MSG),
  { auth: true },
)

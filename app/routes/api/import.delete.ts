import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiIdList } from '#app/api/params.ts'
import { deleteImports } from '#app/services/imports.server.ts'

export const loader = postOnly

/** POST /api/import/delete {ids}: uploads leave the history (what was imported from them stays). */
export const action = defineApi(
  z.object({ ids: apiIdList }),
  async (input, { db, user }) => apiOk({ count: await deleteImports(db, user, input.ids) }, '删除成功'),
  { auth: true },
)

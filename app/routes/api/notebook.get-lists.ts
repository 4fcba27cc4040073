import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { PageNumber } from '#app/schemas/ids.ts'
import { NoteListType } from '#app/schemas/notes.ts'
import { listNotebook } from '#app/services/notes.server.ts'

export const loader = postOnly

/** POST /api/notebook/get-lists {page, type}: 20 notes a page, newest change first; `next_load` when there are more. */
export const action = defineApi(
  z.object({ page: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), PageNumber), type: NoteListType }),
  (input, { db, user }) => listNotebook(db, user, input),
  { auth: true },
)

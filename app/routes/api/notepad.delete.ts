import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { OneNoteDeleteType } from '#app/schemas/notes.ts'
import { deleteNote } from '#app/services/notes.server.ts'

export const loader = postOnly

/** POST /api/notepad/delete {noteId, type}: to the trash (no type), or from it: restore, hard. */
export const action = defineApi(
  z.object({ noteId: apiId, type: OneNoteDeleteType }),
  async (input, { db, user }) => apiOk(null, await deleteNote(db, user, input.noteId, input.type)),
  { auth: true },
)

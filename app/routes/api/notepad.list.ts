import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { NoteListType } from '#app/schemas/notes.ts'
import { listNotepad } from '#app/services/notes.server.ts'

/** GET /api/notepad/list {bookmarkId, type}: a note bookmark's notes (type trash: its trash), newest change first. */
export const loader = defineApi(z.object({ bookmarkId: apiId, type: NoteListType }), (input, { db, user }) => listNotepad(db, user, input.bookmarkId, input.type), {
  auth: true,
})

export const action = getOnly

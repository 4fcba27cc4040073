import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { NO_SUCH } from '#app/schemas/ids.ts'
import { NoteDeleteType } from '#app/schemas/notes.ts'
import { deleteNote, emptyNotebookTrash } from '#app/services/notes.server.ts'

export const loader = postOnly

/** POST /api/notebook/delete {note_id, type}: blank (or none) to the trash, restore, hard; empty clears the trash (no note_id). */
export const action = defineApi(
  z.object({ type: NoteDeleteType, note_id: apiId.optional() }).refine((input) => input.type === 'empty' || input.note_id !== undefined, NO_SUCH),
  async ({ type, note_id }, { db, user }) => {
    if (type === 'empty') return apiOk({ amount: await emptyNotebookTrash(db, user) }, '回收站已清空')
    return apiOk(null, await deleteNote(db, user, note_id!, type))
  },
  { auth: true },
)

import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { NoteSaveSchema } from '#app/schemas/notes.ts'
import { NOTE_SAVED_MSG, saveNote } from '#app/services/notes.server.ts'

export const loader = postOnly

/** POST /api/notebook/save {note_id, note, title, version}: as /api/notepad/save, in the notebook's names. */
export const action = defineApi(
  fromContract({ note_id: 'noteId', note: 'content', title: 'title', version: 'version' }, NoteSaveSchema),
  async (input, { db, user }) => apiOk(await saveNote(db, user, input), NOTE_SAVED_MSG),
  { auth: true },
)

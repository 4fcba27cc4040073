import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { NoteSaveSchema } from '#app/schemas/notes.ts'
import { NOTE_SAVED_MSG, saveNote } from '#app/services/notes.server.ts'

export const loader = postOnly

/**
 * POST /api/notepad/save {noteId, title, content, version}: `summary` is computed from the
 * content and not read. With `version`, a save over another one is refused (code 2, `data` the
 * note as it now is).
 */
export const action = defineApi(
  fromContract({ noteId: 'noteId', title: 'title', content: 'content', version: 'version' }, NoteSaveSchema),
  async (input, { db, user }) => apiOk(await saveNote(db, user, input), NOTE_SAVED_MSG),
  { auth: true },
)

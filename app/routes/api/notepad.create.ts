import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiOptionalId } from '#app/api/params.ts'
import { createNotepadNote } from '#app/services/notes.server.ts'

export const loader = postOnly

/**
 * POST /api/notepad/create {bookmarkId}: a new, empty note in a note bookmark's notepad. Without
 * a bookmark yet, {cid, parentId} creates the note bookmark (named 便签) with its first note.
 */
export const action = defineApi(
  z.union([z.object({ bookmarkId: apiId }), z.object({ cid: apiId, parentId: apiOptionalId })]),
  async (input, { db, user }) =>
    apiOk(await createNotepadNote(db, user, 'bookmarkId' in input ? { bookmarkId: input.bookmarkId } : { bid: input.cid, parentId: input.parentId }), '添加成功'),
  { auth: true },
)

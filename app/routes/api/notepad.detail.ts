import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { notepadDetail } from '#app/services/notes.server.ts'

/** GET /api/notepad/detail {noteId}: one note with its content and the version a save names. */
export const loader = defineApi(z.object({ noteId: apiId }), (input, { db, user }) => notepadDetail(db, user, input.noteId), { auth: true })

export const action = getOnly

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { notebookDetail } from '#app/services/notes.server.ts'

export const loader = postOnly

/** POST /api/notebook/details {note_id}: the note (`note`, its HTML), title, url and the version a save names. */
export const action = defineApi(z.object({ note_id: apiId }), (input, { db, user }) => notebookDetail(db, user, input.note_id), { auth: true })

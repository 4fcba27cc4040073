import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { NotebookCreateSchema } from '#app/schemas/notes.ts'
import { createNotebookNote } from '#app/services/notes.server.ts'

export const loader = postOnly

/** POST /api/notebook/create {title, url, note}, each optional: a new note; `url` is the page it was written from. */
export const action = defineApi(
  fromContract({ title: 'title', url: 'url', note: 'content' }, NotebookCreateSchema),
  async (input, { db, user }) => apiOk(await createNotebookNote(db, user, input), '添加成功'),
  { auth: true },
)

import { z } from 'zod'
import { fromContract } from '#app/api/contract.ts'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { NoteSourceSchema } from '#app/schemas/content.ts'
import { createNoteSource } from '#app/services/source.server.ts'

export const loader = postOnly

/** POST /api/bookmark/create-base {cid (the category), remark, type ('note'), parentId}: a note-type bookmark. */
export const action = defineApi(
  z
      .object({ type: z.union([z.literal('note'), z.literal('')], { error: '暂不支持该书签类型' }).optional() })
      .and(fromContract({ cid: 'bid', remark: 'remark', parentId: 'parentId' }, NoteSourceSchema)),
  async (input, { db, user }) => apiOk(await createNoteSource(db, user, input), '保存成功'),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiOptionalIdList } from '#app/api/params.ts'
import { markRead, READ_MSG } from '#app/services/notices.server.ts'

export const loader = postOnly

const all = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean())

/** POST /api/site/read-notice {ids | all} (our name; the spec shows none): marks the user's own notices read; {count, unread}. */
export const action = defineApi(
  z.object({ ids: apiOptionalIdList, all }).refine((v) => v.all || v.ids.length > 0, { error: '请选择要标为已读的消息' }),
  async (input, { db, user }) => {
    const result = await markRead(db, user, input.all ? 'all' : { ids: input.ids })
    return apiOk(result, READ_MSG)
  },
  { auth: true },
)

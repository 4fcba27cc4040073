import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { toggleHomepagePin, toggleRelatedPin } from '#app/services/homepages.server.ts'

export const loader = postOnly

/**
 * POST /api/homepage/set-top {id, type}: pins or unpins a homepage in one of the user's lists
 * (type `create` (default), `join`, `follow`); at most 3 pinned each. Answers the new {sort}.
 */
export const action = defineApi(
  z.object({ id: apiId, type: z.enum(['create', 'join', 'follow']).catch('create') }),
  async (input, { db, user }) => {
    const result =
      input.type === 'create'
        ? await toggleHomepagePin(db, user, input.id)
        : await toggleRelatedPin(db, user, input.type === 'join' ? 'joined' : 'followed', input.id)
    return apiOk(result, '操作成功！')
  },
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, firstGiven, withHomepageId } from '#app/services/content-api.server.ts'
import { setMemberPermission } from '#app/services/members.server.ts'

export const loader = postOnly

/** POST /api/homepage/set-manager {homepageId, userId}: makes a member a manager. Owner only; never the creator. */
export const action = defineApi(
  withHomepageId(
    z.preprocess(
      (raw) => ({ ...(raw as object), userId: firstGiven((raw as { userId?: unknown; uid?: unknown }).userId, (raw as { uid?: unknown }).uid) }),
      z.object({ homepageId: apiId, userId: apiId }),
    ),
  ),
  async (input, { db, user }) => apiOk(await setMemberPermission(db, user, input.homepageId, input.userId, 'manager'), '设置成功'),
  { auth: true },
)

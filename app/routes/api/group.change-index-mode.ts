import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { INDEX_MODE_MSG, toggleIndexMode } from '#app/services/groups.server.ts'

export const loader = postOnly

/** POST /api/group/change-index-mode {groupId}: the group's page opens on one category at a time, or on every bookmark (a toggle); {indexMode}. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => apiOk(await toggleIndexMode(db, user, input.groupId), INDEX_MODE_MSG),
  { auth: true },
)

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { GROUP_RESTORED_MSG, restoreGroup } from '#app/services/groups.server.ts'

export const loader = postOnly

/** POST /api/group/restore-group {groupId}: the owner's group back from the group trash. */
export const action = defineApi(
  z.object({ groupId: apiId }),
  async (input, { db, user }) => {
    await restoreGroup(db, user, input.groupId)
    return apiOk(null, GROUP_RESTORED_MSG)
  },
  { auth: true },
)

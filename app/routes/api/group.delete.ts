import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId } from '#app/api/params.ts'
import { GROUP_DELETED_MSG, trashGroup } from '#app/services/groups.server.ts'

export const loader = postOnly

/** POST /api/group/delete {id}: the owner moves the group to their group trash (restore-group brings it back). */
export const action = defineApi(
  z.object({ id: apiId }),
  async (input, { db, user }) => {
    await trashGroup(db, user, input.id)
    return apiOk(null, GROUP_DELETED_MSG)
  },
  { auth: true },
)

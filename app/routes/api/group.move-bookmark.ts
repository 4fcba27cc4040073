import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { apiId, apiOptionalId } from '#app/api/params.ts'
import { MoveCommand } from '#app/schemas/group.ts'
import { moveGroupBookmark } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/move-bookmark {id, targetCid, cmd}: cmd up or down one place in its category; move (the default) to the end of category targetCid. */
export const action = defineApi(
  z.object({ id: apiId, targetCid: apiOptionalId, cmd: MoveCommand }),
  async (input, { db, user }) => {
    const { msg } = await moveGroupBookmark(db, user, input)
    return apiOk(null, msg)
  },
  { auth: true },
)

import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { GroupSchema } from '#app/schemas/group.ts'
import { GROUP_SAVED_MSG, saveGroup } from '#app/services/groups.server.ts'

export const loader = postOnly

/** POST /api/group/add {id, name, summary, icon, isOpen}: creates a group (the caller owns it) or, with `id`, edits it (its owner). */
export const action = defineApi(
  fromContract({ id: 'id', name: 'name', summary: 'summary', icon: 'icon', isOpen: 'isOpen' }, GroupSchema),
  async (input, { db, user }) => apiOk(await saveGroup(db, user, input), GROUP_SAVED_MSG),
  { auth: true },
)

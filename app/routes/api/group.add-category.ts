import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { fromContract } from '#app/api/contract.ts'
import { GroupCategorySchema } from '#app/schemas/group.ts'
import { CATEGORY_SAVED_MSG, saveCategory } from '#app/services/group-content.server.ts'

export const loader = postOnly

/** POST /api/group/add-category {id, title, icon, groupId}: a new category at the end of the group's, or (with `id`) a new title and icon. */
export const action = defineApi(
  fromContract({ id: 'id', title: 'title', icon: 'icon', groupId: 'groupId' }, GroupCategorySchema),
  async (input, { db, user }) => apiOk(await saveCategory(db, user, input), CATEGORY_SAVED_MSG),
  { auth: true },
)

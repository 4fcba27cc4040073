import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { SwitchSortSchema } from '#app/schemas/sort.ts'
import { setBookmarkSort } from '#app/services/preferences.server.ts'

export const loader = postOnly

/** POST /api/bookmark/switch-sort-method {method}: the user's bookmark order, on every start page. */
export const action = defineApi(
  SwitchSortSchema,
  async ({ method }, { db, user }) => apiOk(await setBookmarkSort(db, user!, method), '设置成功'),
  { auth: true },
)

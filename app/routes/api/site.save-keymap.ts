import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { SaveKeymapSchema } from '#app/schemas/keymap.ts'
import { saveKeymap } from '#app/services/keymap.server.ts'

export const loader = postOnly

/** POST /api/site/save-keymap {key: searchKeymap | noteKeymap, value}: the user's own shortcut key. */
export const action = defineApi(
  SaveKeymapSchema,
  async ({ key, value }, { db, user }) => apiOk(await saveKeymap(db, user!, { [key]: value }), '设置成功'),
  { auth: true },
)

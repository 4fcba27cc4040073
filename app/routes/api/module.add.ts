import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { ModuleSchema } from '#app/schemas/content.ts'
import { withHomepageId } from '#app/api/params.ts'
import { saveModule } from '#app/services/module.server.ts'

export const loader = postOnly

/** POST /api/module/add {homepageId, moduleId (edit when given), name, icon, moduleType} */
export const action = defineApi(
  withHomepageId(ModuleSchema),
  async (input, { db, user }) => apiOk(await saveModule(db, user, input), '保存成功'),
  { auth: true },
)

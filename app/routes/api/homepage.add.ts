import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { homepageDetail, saveHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/add {homepageId (edit when given), title, summary, icon, code}: answers the Homepage entity. */
export const action = defineApi(
  HomepageSchema,
  async (input, { db, user }) => {
    const homepage = await saveHomepage(db, user, input)
    return apiOk(await homepageDetail(db, user, homepage.id), '保存成功')
  },
  { auth: true },
)

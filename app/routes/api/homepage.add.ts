import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { HomepageSchema } from '#app/schemas/homepage.ts'
import { createHomepage, homepageDetail, updateHomepage } from '#app/services/homepages.server.ts'

export const loader = postOnly

/** POST /api/homepage/add {homepageId (edit when given), title, summary, icon, code}: answers the Homepage entity. */
export const action = defineApi(
  HomepageSchema,
  async (input, { db, user }) => {
    const { homepageId } = input
    const homepage = homepageId ? await updateHomepage(db, user, { ...input, homepageId }) : await createHomepage(db, user, input)
    return apiOk(await homepageDetail(db, user, homepage.id), '保存成功')
  },
  { auth: true },
)

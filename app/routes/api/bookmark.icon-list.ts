import { defineApi } from '#app/api/define-api.server.ts'
import { IconListQuerySchema } from '#app/schemas/icon.ts'
import { iconList } from '#app/services/icons.server.ts'

/** GET /api/bookmark/icon-list {id, keyword, page, size}: id is an icon category id (`history`: recent icons). */
export const loader = defineApi(IconListQuerySchema, (input, { db, user }) => iconList(db, user, input))

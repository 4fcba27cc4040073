import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { iconCategoryList } from '#app/services/icons.server.ts'

/** GET /api/bookmark/icon-category: the icon selector's categories (最近使用 first when there is history). */
export const loader = defineApi(z.object({}), (_input, { db, user }) => iconCategoryList(db, user))

import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { toolList } from '#app/tools/registry.ts'

export const action = getOnly

/**
 * GET /api/site/tool-list: the tool box, the same for everyone. `data` is the categories in order,
 * each `{name, width, items}`; an item is `{id, alias, title, summary, url, icon, iconSrc}`
 * (app/tools/registry.ts; `width` is the category's column in the drawer, in px).
 */
export const loader = defineApi(z.object({}), async () => toolList())

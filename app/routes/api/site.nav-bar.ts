import { z } from 'zod'
import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { NAV_BAR } from '#app/utils/nav-bar.ts'

export const action = getOnly

/**
 * GET /api/site/nav-bar: the header's main menu, the same for everyone. `data` is a list of
 * `{key, name, url, drawer, badge, more}` (app/utils/nav-bar.ts): `drawer` 'tool' opens the 工具箱
 * drawer, `badge` is 'dot', 'new' or null, `more` true for the entries under 更多.
 */
export const loader = defineApi(z.object({}), async () => NAV_BAR.map((item) => ({ ...item, more: item.more ?? false })))

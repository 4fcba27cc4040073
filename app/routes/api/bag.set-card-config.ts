import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import type { CardConfig } from '#app/db/schema/index.ts'
import { setCardConfig } from '#app/services/bag.server.ts'
import { CardConfigSchema } from '#app/schemas/content.ts'

export const loader = postOnly

/** POST /api/bag/set-card-config {bid, column, linkStyle, linkColumn}: the category card's layout. */
export const action = defineApi(
  CardConfigSchema,
  async ({ bid, column, linkStyle, linkColumn }, { db, user }) => {
    const config: CardConfig = {}
    if (column !== undefined) config.column = column
    if (linkStyle !== undefined) config.linkStyle = linkStyle
    if (linkColumn !== undefined) config.linkColumn = linkColumn
    return apiOk(await setCardConfig(db, user, bid, config), '保存成功')
  },
  { auth: true },
)

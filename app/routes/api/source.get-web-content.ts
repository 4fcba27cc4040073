import { defineApi } from '#app/api/define-api.server.ts'
import { WebContentQuerySchema } from '#app/schemas/web-content.ts'
import { siteNameAndIcon } from '#app/services/web-content.server.ts'

/**
 * GET /api/source/get-web-content {site_url}: the site's title (plain text, ≤ 100 characters) and
 * icon, stored on our side. `icon` is the key to save with the link ('' when the site has none
 * we could use); `iconSrc` is where to draw it from.
 */
export const loader = defineApi(
  WebContentQuerySchema,
  async ({ site_url }, { db, user }) => {
    const { title, icon } = await siteNameAndIcon(db, user!, site_url)
    return { title, name: title, icon, iconSrc: icon }
  },
  { auth: true },
)

import { defineApi } from '#app/api/define-api.server.ts'
import { RemoteIconQuerySchema } from '#app/schemas/web-content.ts'
import { remoteIcon } from '#app/services/web-content.server.ts'

/** GET /api/source/crawler-remote-icon {url}: an icon fetched from an image or a site address, stored on our side. */
export const loader = defineApi(
  RemoteIconQuerySchema,
  async ({ url }, { db, user }) => {
    const src = await remoteIcon(db, user!, url)
    return { src, key: src, icon: src }
  },
  { auth: true },
)

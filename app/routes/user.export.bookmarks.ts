import { exportBookmarksHtml } from '#app/services/export.server.ts'
import { downloadLoader } from './user-export.server.ts'

/** GET /user/export/bookmarks.html?homepage=all|{id}: the browser bookmark file (Netscape HTML), as a download. */
export const loader = downloadLoader(exportBookmarksHtml)

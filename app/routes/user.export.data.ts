import { exportJson } from '#app/services/export.server.ts'
import { downloadLoader } from './user-export.server.ts'

/** GET /user/export/data.json?homepage=all|{id}: everything the user owns (or one homepage of it) as JSON, as a download. */
export const loader = downloadLoader(exportJson)

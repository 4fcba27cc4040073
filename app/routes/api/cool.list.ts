import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { SiteListQuery } from '#app/schemas/discover.ts'
import { listSites } from '#app/services/discover.server.ts'

export const action = getOnly

/**
 * GET /api/cool/list {cid?, tag?, wd?, page, size (default 24)}: recommended sites, newest first.
 * Approved ones to everyone; a pending one only to its submitter and the administrators.
 */
export const loader = defineApi(SiteListQuery, (input, { db, user }) => listSites(db, user, input))

import { createHmac } from 'node:crypto'
import { appSecret } from './secret.server.ts'

/**
 * Every HTML page names its viewer in this header, for the service worker (server/service-worker.ts):
 * it keeps start pages for offline use and must never show one user's page to another, but cannot
 * read the session cookie (HttpOnly). The value is an HMAC of the user id (nothing to learn from it,
 * the same for every session of the user), or `guest`.
 */
export const VIEWER_HEADER = 'X-Qiye-Viewer'

export function viewerTag(userId: number | null) {
  if (userId === null) return 'guest'
  return createHmac('sha256', appSecret()).update(`viewer:${userId}`).digest('base64url').slice(0, 22)
}

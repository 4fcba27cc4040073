import { hashToken, isSessionToken, sessionCookieName } from '#app/auth/session.server.ts'
import { RESERVED_CODES } from '#app/schemas/homepage.ts'
import { schemeOf } from '#app/utils/color-scheme.ts'
import { isPhoneUserAgent } from '#app/utils/phone.ts'
import { TOAST_COOKIE } from '#app/utils/toast.server.ts'

/** A personal domain's shape (homepage.ts: 4–20 letters, digits and '-', a letter first). */
export const PERSONAL_DOMAIN = /^\/[A-Za-z][A-Za-z0-9-]{3,19}$/

/**
 * `/` and `/{personal domain}`: the start pages (kept only without a query; anything else is
 * rendered each time). Our own first segments (/login, /weather, /search …) are reserved codes,
 * never start pages: they neither wait in the render queue nor are kept.
 */
export const isStartPage = (pathname: string) =>
  pathname === '/' || (PERSONAL_DOMAIN.test(pathname) && !RESERVED_CODES.has(pathname.slice(1).toLowerCase()))

/**
 * A group's page (/group/{id} and /group/{id}/{cid}): kept for guests only (an open group's page
 * is the same for every guest); a signed-in viewer's shows their role, star and application, and
 * the categories of their own to copy into, and is rendered each time.
 */
export const isGroupPage = (pathname: string) => /^\/group\/[1-9]\d{0,9}(?:\/[1-9]\d{0,9})?$/.test(pathname)

/**
 * The cache key of a start-page request and its session (the hash the sessions table keys it
 * by), or null when the page must be rendered (not a start page, or a one-time toast to show).
 * Nothing is read from the database here: which user the session is, is checked with the
 * versions. The key holds everything the render reads from the request: the origin (absolute
 * links), the path, the session (its hash, never the token), every cookie but the session's
 * (preferences, time zone, engine, guest settings: a cookie added later is in the key without
 * anyone remembering to add it), the minute, which the header clock and a timed theme show, and
 * the colour-scheme hint (Sec-CH-Prefers-Color-Scheme: the follow-system theme), and for a signed-in
 * viewer's `/` whether the browser is a phone (the mobile guard sends those to /m, utils/phone.ts:
 * a desktop's kept `/` is never a phone's answer, whatever the session). Versions are not in the
 * key: they are checked on use.
 */
export function startPageKey(request: { url: URL; cookie: string | undefined; colorScheme?: string | undefined; userAgent?: string | undefined }) {
  const { url } = request
  const groupPage = isGroupPage(url.pathname)
  if (url.search || !(isStartPage(url.pathname) || groupPage)) return null
  const sessionName = sessionCookieName(url)
  let token: string | undefined
  const kept: string[] = []
  for (const part of request.cookie?.split(';') ?? []) {
    const pair = part.trim()
    if (!pair) continue
    const eq = pair.indexOf('=')
    const name = eq === -1 ? pair : pair.slice(0, eq)
    if (name === TOAST_COOKIE) return null
    if (name === sessionName) token = pair.slice(eq + 1)
    else kept.push(pair)
  }
  const session = isSessionToken(token) ? hashToken(token) : null
  if (groupPage && session) return null
  const minute = Math.floor(Date.now() / 60_000)
  const scheme = schemeOf(request.colorScheme) ?? 'no-hint'
  const device = session && url.pathname === '/' ? (isPhoneUserAgent(request.userAgent) ? 'phone' : 'other') : 'any'
  const key = [url.origin, url.pathname, session ?? 'guest', minute, scheme, device, kept.sort().join('; ')].join('\n')
  return { key, session }
}

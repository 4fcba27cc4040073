import { hashToken, isSessionToken, sessionCookieName } from '#app/auth/session.server.ts'
import { schemeOf } from '#app/utils/color-scheme.ts'
import { TOAST_COOKIE } from '#app/utils/toast.server.ts'

/** `/` and `/{personal domain}`: the start pages (kept only without a query; anything else is rendered each time). */
const START_PAGE = /^\/(?:[\w-]{1,40})?$/

export const isStartPage = (pathname: string) => START_PAGE.test(pathname)

/**
 * The cache key of a start-page request and its session (the hash the sessions table keys it
 * by), or null when the page must be rendered (not a start page, or a one-time toast to show).
 * Nothing is read from the database here: which user the session is, is checked with the
 * versions. The key holds everything the render reads from the request: the origin (absolute
 * links), the path, the session (its hash, never the token), every cookie but the session's
 * (preferences, time zone, engine, guest settings: a cookie added later is in the key without
 * anyone remembering to add it), the minute, which the header clock and a timed theme show, and
 * the colour-scheme hint (Sec-CH-Prefers-Color-Scheme: the follow-system theme). Versions are not
 * in the key: they are checked on use.
 */
export function startPageKey(request: { url: URL; cookie: string | undefined; colorScheme?: string | undefined }) {
  const { url } = request
  if (url.search || !isStartPage(url.pathname)) return null
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
  const minute = Math.floor(Date.now() / 60_000)
  const scheme = schemeOf(request.colorScheme) ?? 'no-hint'
  const key = [url.origin, url.pathname, session ?? 'guest', minute, scheme, kept.sort().join('; ')].join('\n')
  return { key, session }
}

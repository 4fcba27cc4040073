import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from './clock.ts'
import { formatsByZone } from './zone-formats.ts'
import { env } from './env.server.ts'

/** Our public origin: APP_ORIGIN when configured, otherwise the one the request (or page URL) arrived on. */
export function appOrigin(request: Request | URL) {
  return env().APP_ORIGIN || (request instanceof URL ? request : new URL(request.url)).origin
}

export function isHttps(request: Request | URL) {
  return appOrigin(request).startsWith('https:')
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** The viewer's time zone (the header clock's cookie), else the site's default: for dates rendered on the server. */
export function viewerTimeZone(request: Request): string {
  const zone = readCookie(request, TIME_ZONE_COOKIE)
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE
}

const timeFormat = formatsByZone('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
/** A time as the viewer's clock reads it, made on the server so the page hydrates with the same words. */
export function formatTime(ms: number, timeZone: string) {
  return timeFormat(timeZone).format(ms)
}

type CookieOptions = { maxAge?: number; httpOnly?: boolean; secure?: boolean }

export function serializeCookie(name: string, value: string, options: CookieOptions = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax']
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`)
  if (options.httpOnly !== false) parts.push('HttpOnly')
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

/**
 * The one rule for every redirect target taken from input (`redirectTo`, `url=`, `from`, a
 * notice's link): a path on our own origin, else `fallback`. The URL parser decides, not a prefix
 * test, so `//evil`, `/\\evil` and `/\t/evil` all fall back (SECURITY.md §1.7).
 */
export function safeRedirect(target: unknown, request: Request, fallback = '/') {
  return localPath(target, appOrigin(request)) ?? fallback
}

/**
 * `target` as a path of `origin` (path, query and hash), or null when it leads anywhere else or is
 * no URL. The parser resolves dot-segments, percent-encoded dots, backslashes, tabs and newlines;
 * what it leaves may still begin with `//` (`/.//evil`, `/a/..//evil`, `http://us//evil`), which a
 * browser reads as another host, so such a path is refused too.
 */
export function localPath(target: unknown, origin: string): string | null {
  if (typeof target !== 'string' || target === '') return null
  try {
    const url = new URL(target, origin)
    if (url.origin !== origin) return null
    const path = `${url.pathname}${url.search}${url.hash}`
    return path.startsWith('//') ? null : path
  } catch {
    return null
  }
}

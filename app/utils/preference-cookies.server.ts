import { createCookie } from 'react-router'
import { cleanGuestConfig, type GuestConfig } from '#app/schemas/guest-config.ts'
import { DEFAULT_ENGINE, ENGINE_HISTORY_MAX, ENGINE_QUERY_MAX, type EngineId, isEngineId } from './engines.ts'
import { isHttps } from './http.server.ts'

/** Spec §9: the engine history (and the other device settings) are kept for 365 days. */
export const PREFERENCE_MAX_AGE = 365 * 24 * 60 * 60

const options = { path: '/', sameSite: 'lax', httpOnly: true, maxAge: PREFERENCE_MAX_AGE } as const

/**
 * Device settings the server reads on the first byte (ARCHITECTURE.md §5): the search engine, its
 * query history and a guest's layout settings. They hold nothing secret and are validated every
 * time they are read, so they are not signed: a tampered one falls back to the defaults.
 */
export const engineCookie = createCookie('qy_engine', options)
export const engineHistoryCookie = createCookie('qy_engine_history', options)
export const guestConfigCookie = createCookie('qy_guest', options)
/** A guest's weather city (spec §1: guests keep it in the browser); read by weather.server.ts. */
export const guestCityCookie = createCookie('qy_city', options)

const header = (request: Request) => request.headers.get('Cookie')

export async function readEngine(request: Request): Promise<EngineId> {
  const value: unknown = await engineCookie.parse(header(request))
  return isEngineId(value) ? value : DEFAULT_ENGINE
}

/** The remembered queries, newest first: strings only, each within the limit, at most eight. */
export async function readEngineHistory(request: Request): Promise<string[]> {
  const value: unknown = await engineHistoryCookie.parse(header(request))
  if (!Array.isArray(value)) return []
  return value
    .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '' && [...entry].length <= ENGINE_QUERY_MAX)
    .slice(0, ENGINE_HISTORY_MAX)
}

export async function readGuestConfig(request: Request): Promise<GuestConfig> {
  return cleanGuestConfig(await guestConfigCookie.parse(header(request)))
}

/** A Set-Cookie header for one of the cookies above (Secure when the site is served over https). */
export function setPreference<T>(cookie: ReturnType<typeof createCookie>, value: T, request: Request) {
  return cookie.serialize(value, { secure: isHttps(request) })
}

import { createCookie } from 'react-router'
import { cleanGuestConfig, type GuestConfig } from '#app/schemas/guest-config.ts'
import { cleanTheme, type ThemeSetting } from '#app/schemas/skin.ts'
import { PAGE_WIDTH_TYPES, type PageWidthType } from '#app/schemas/layout.ts'
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
/** This device's page width type (spec §4: device-only, whoever is signed in). */
export const pageWidthCookie = createCookie('page_width_type', options)
/** A guest's weather city (spec §1: guests keep it in the browser); read by weather.server.ts. */
export const guestCityCookie = createCookie('qy_city', options)
/**
 * The theme (and timed window) a viewer chose for themselves: guests, and anyone on a homepage
 * they do not own (spec §6: only the owner saves on the homepage). Their theme colour is the guest
 * config's themeColorId (set-guest-config).
 */
export const themeCookie = createCookie('qy_theme', options)
/** The skin background a viewer chose for themselves (same rule as qy_theme); read through services/skin-background.server.ts. */
export const skinCookie = createCookie('qy_skin', options)

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

export async function readThemeCookie(request: Request): Promise<ThemeSetting | null> {
  return cleanTheme(await themeCookie.parse(header(request)))
}

/**
 * The viewer's own look from their cookies (null where they chose nothing): the theme, and the
 * theme colour of the guest config.
 */
export async function readLookCookies(request: Request) {
  const color = (await readGuestConfig(request)).themeColorId
  return { setting: await readThemeCookie(request), themeColorId: typeof color === 'number' ? color : null }
}

export async function readPageWidth(request: Request): Promise<PageWidthType> {
  const value: unknown = await pageWidthCookie.parse(header(request))
  return PAGE_WIDTH_TYPES.find((t) => t.value === value)?.value ?? 'default'
}

/** A Set-Cookie header for one of the cookies above (Secure when the site is served over https). */
export function setPreference<T>(cookie: ReturnType<typeof createCookie>, value: T, request: Request) {
  return cookie.serialize(value, { secure: isHttps(request) })
}

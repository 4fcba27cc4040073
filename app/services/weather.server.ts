import { eq } from 'drizzle-orm'
import { readSessionToken } from '#app/auth/session.server.ts'
import type { Db } from '#app/db/client.server.ts'
import { users, weatherPlaces, type User } from '#app/db/schema/index.ts'
import { DomainError } from '#app/utils/errors.ts'
import { ProviderError, weatherProvider, type WeatherProvider } from '#app/weather/provider.server.ts'
import { areaById } from '#app/weather/regions.server.ts'
import type { WeatherInfo, WeatherReport } from '#app/weather/types.ts'

import { AREA_MSG as AREA_REQUIRED } from '#app/schemas/weather.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { guestCityCookie, setPreference } from '#app/utils/preference-cookies.server.ts'

export { guestCityCookie }
export const WEATHER_UNAVAILABLE = '天气暂时无法获取，请稍后再试'
/** Spec §8's generic success of a saved form. */
export const CITY_SAVED = '保存成功'

/** A report is fresh for 30 minutes (providers update hourly); after a failure, wait 2 minutes. */
export const CACHE_MS = 30 * 60_000
export const RETRY_MS = 2 * 60_000
/** A stale report (up to 6 hours) is better than nothing while the provider is down. */
const STALE_MS = 6 * 60 * 60_000


/** The area whose weather this visitor sees: the user's saved one, or the guest's cookie. */
export async function savedCityId(user: User | null, request: Request): Promise<number | null> {
  if (user) return user.weatherCityId ?? null
  const value: unknown = await guestCityCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'number' && (await areaById(value)) ? value : null
}

/**
 * Saves the area for the user, or answers the Set-Cookie header that keeps it for a guest.
 * Only an area (level 3) can be saved: the selector's save stays disabled until one is picked.
 */
export async function saveCity(db: Db, user: User | null, cityId: number, request: Request): Promise<{ setCookie?: string }> {
  if (!(await areaById(cityId))) throw new DomainError(AREA_REQUIRED, { field: 'cityId' })
  if (!user) return { setCookie: await setPreference(guestCityCookie, cityId, request) }
  await db.update(users).set({ weatherCityId: cityId }).where(eq(users.id, user.id))
  return {}
}

/** Fetches under way in this process: the root and page loaders of one request ask together. */
const inFlight = new Map<number, Promise<WeatherReport>>()

/**
 * The report for one area, from the shared cache when fresh, else from the provider. The area is
 * located by name once (the division data has no coordinates) and its place kept with the cache.
 * Any provider failure → DomainError with the calm message (a stale report is used when there is one).
 */
export async function areaReport(db: Db, cityId: number, provider: WeatherProvider = weatherProvider(), now = new Date()): Promise<WeatherReport> {
  const running = inFlight.get(cityId)
  if (running) return running
  const report = cachedOrFetched(db, cityId, provider, now)
  inFlight.set(cityId, report)
  try {
    return await report
  } finally {
    inFlight.delete(cityId)
  }
}

async function cachedOrFetched(db: Db, cityId: number, provider: WeatherProvider, now: Date): Promise<WeatherReport> {
  const area = await areaById(cityId)
  if (!area) throw new DomainError(AREA_REQUIRED, { field: 'cityId' })
  const [row] = await db.select().from(weatherPlaces).where(eq(weatherPlaces.cityId, cityId)).limit(1)
  const age = (at: Date | null | undefined) => (at ? now.getTime() - at.getTime() : Infinity)
  if (row?.report && age(row.fetchedAt) < CACHE_MS) return row.report
  const stale = row?.report && age(row.fetchedAt) < STALE_MS ? row.report : null
  if (age(row?.failedAt) < RETRY_MS) {
    if (stale) return stale
    throw new DomainError(WEATHER_UNAVAILABLE)
  }
  let latitude = row?.latitude ?? null
  let longitude = row?.longitude ?? null
  try {
    if (latitude === null || longitude === null) {
      const place = await provider.locate(area)
      if (!place) throw new ProviderError(`no place for ${area.province} ${area.city} ${area.area}`)
      ;({ latitude, longitude } = place)
    }
    const report = await provider.forecast(latitude, longitude)
    const fields = { latitude, longitude, report, fetchedAt: now, failedAt: null }
    await db.insert(weatherPlaces).values({ cityId, ...fields }).onConflictDoUpdate({ target: weatherPlaces.cityId, set: fields })
    return report
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error
    console.warn(`weather: ${error.message}`)
    const fields = { latitude, longitude, failedAt: now }
    await db.insert(weatherPlaces).values({ cityId, ...fields }).onConflictDoUpdate({ target: weatherPlaces.cityId, set: fields })
    if (stale) return stale
    throw new DomainError(WEATHER_UNAVAILABLE)
  }
}

/** Asked by anyone, guests too: a cap per address keeps the keyless provider's quota for everyone. */
export const WEATHER_RATE_MSG = '请求过于频繁，请稍后再试'

/**
 * get-info (spec §7): the weather of `cityId`, else of the saved city. `logout` (spec §8) is set
 * when the browser still sends a session cookie whose session has ended (signed out elsewhere,
 * expired): the client then signs out, clears cookies and goes to /. Limited per client address.
 */
export async function weatherInfo(db: Db, user: User | null, request: Request, options: { cityId?: number; clientIp: string }): Promise<WeatherInfo> {
  await consumeOrThrow(db, 'weather', `ip:${options.clientIp}`, WEATHER_RATE_MSG)
  const { base, city } = await visitorWeather(user, request, options.cityId)
  if (!city) return base
  return { ...base, ...(await areaReport(db, city.id)) }
}

/** The visitor's city and the fields every answer carries, before any report. */
async function visitorWeather(user: User | null, request: Request, cityId?: number) {
  const logout = !user && readSessionToken(request) !== undefined
  const id = cityId ?? (await savedCityId(user, request))
  const city = id === null ? null : await areaById(id)
  if (id !== null && !city) throw new DomainError(AREA_REQUIRED, { field: 'cityId' })
  const base: WeatherInfo = { logout, city, today: null, lives: null, forecasts: [] }
  return { base, city }
}

/** A report no older than the stale limit from the shared cache, without asking the provider. */
async function cachedReport(db: Db, cityId: number, now = new Date()): Promise<WeatherReport | null> {
  const [row] = await db.select({ report: weatherPlaces.report, fetchedAt: weatherPlaces.fetchedAt }).from(weatherPlaces).where(eq(weatherPlaces.cityId, cityId)).limit(1)
  return row?.report && row.fetchedAt && now.getTime() - row.fetchedAt.getTime() < STALE_MS ? row.report : null
}

/**
 * The same for pages: `/weather` asks the provider when it must (a failure is the calm message,
 * never an error page); every other page's header reads the cache only, so no page waits for
 * another site (the widget asks get-info afterwards with JavaScript).
 */
export async function weatherForPage(db: Db, user: User | null, request: Request, { fetch }: { fetch: boolean }): Promise<WeatherInfo> {
  const { base, city } = await visitorWeather(user, request)
  if (!city) return base
  try {
    const report = fetch ? await areaReport(db, city.id) : await cachedReport(db, city.id)
    return report ? { ...base, ...report } : base
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { ...base, error: error.message }
  }
}

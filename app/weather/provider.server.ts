import { networkFetcher, type SafeFetch } from '#app/net/safe-fetch.server.ts'
import { weatherText, weekOf, windDirection, windPower } from './codes.ts'
import type { WeatherForecast, WeatherReport } from './types.ts'

/** A weather service behind one small interface; Open-Meteo (keyless) is the real default. */
export type WeatherProvider = {
  forecast(latitude: number, longitude: number): Promise<WeatherReport>
  /** Where a place is, by its Chinese name and the names above it; null when nothing matches. */
  locate(place: { province: string; city: string; area: string }): Promise<{ latitude: number; longitude: number } | null>
}

/** Anything that went wrong with the provider: the caller shows one calm message. */
export class ProviderError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'ProviderError'
  }
}

/** Today and the next three days, as the popover shows them. */
const FORECAST_DAYS = 4
const TIME_ZONE = 'Asia/Shanghai'

/*
 * Fetched through the app's SSRF-safe fetcher, unchanged: the provider is a public host, and in
 * tests its fake is reached as http://weather.test through TEST_NETWORK (a reserved .test name
 * dialled on loopback), exactly like the fake websites. No private-address exception is added, so
 * a WEATHER_API_URL pointing into the intranet is refused like any other internal address.
 * A shorter total timeout than page fetches: the header waits for this.
 */
let fetcher: SafeFetch | undefined
function weatherFetch(): SafeFetch {
  fetcher ??= networkFetcher({ connectTimeoutMs: 2_000, totalTimeoutMs: Number(process.env.WEATHER_TIMEOUT_MS) || 3_000, maxBytes: 256 * 1024 })
  return fetcher
}

export function openMeteo({
  apiUrl = process.env.WEATHER_API_URL || 'https://api.open-meteo.com',
  geocodingUrl = process.env.WEATHER_GEOCODING_URL || 'https://geocoding-api.open-meteo.com',
  fetch = weatherFetch,
}: { apiUrl?: string; geocodingUrl?: string; fetch?: () => SafeFetch } = {}): WeatherProvider {
  async function getJson(url: URL): Promise<unknown> {
    let body: Buffer
    try {
      body = (await fetch()(url.href, { accept: 'application/json' })).body
    } catch (error) {
      throw new ProviderError(`fetch ${url.pathname}: ${(error as { reason?: string }).reason ?? String(error)}`)
    }
    try {
      return JSON.parse(body.toString('utf8'))
    } catch {
      throw new ProviderError(`bad JSON from ${url.pathname}`)
    }
  }

  return {
    async forecast(latitude, longitude) {
      const url = new URL('/v1/forecast', apiUrl)
      url.search = new URLSearchParams({
        latitude: latitude.toFixed(4),
        longitude: longitude.toFixed(4),
        current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min,wind_direction_10m_dominant',
        timezone: TIME_ZONE,
        forecast_days: String(FORECAST_DAYS),
      }).toString()
      return parseForecast(await getJson(url))
    },
    async locate(place) {
      // Area names repeat across China (朝阳区 is in Beijing and Changchun): prefer a match whose
      // admin names contain the province, then try the bare name and the city.
      const province = place.province.replace(/(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)$/, '')
      const names = [place.area, place.area.replace(/(区|县|市|旗)$/, ''), place.city === '市辖区' ? place.province : place.city]
      for (const name of [...new Set(names)].filter((n) => n.length >= 2)) {
        const url = new URL('/v1/search', geocodingUrl)
        url.search = new URLSearchParams({ name, count: '10', language: 'zh', format: 'json', countryCode: 'CN' }).toString()
        const found = parseGeocoding(await getJson(url))
        const best = found.find((r) => r.admin.includes(province)) ?? found[0]
        if (best) return { latitude: best.latitude, longitude: best.longitude }
      }
      return null
    },
  }
}

function num(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ProviderError(`missing ${what}`)
  return value
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ProviderError(`missing ${what}`)
  return value
}

/** Open-Meteo's answer in the spec's fields; anything missing or malformed is a ProviderError. */
export function parseForecast(json: unknown): WeatherReport {
  const root = (json ?? {}) as { current?: Record<string, unknown>; daily?: Record<string, unknown> }
  const current = root.current
  const daily = root.daily
  if (!current || !daily) throw new ProviderError('missing current or daily')
  const dates = list(daily.time, 'daily.time')
  const codes = list(daily.weather_code, 'daily.weather_code')
  const highs = list(daily.temperature_2m_max, 'daily.temperature_2m_max')
  const lows = list(daily.temperature_2m_min, 'daily.temperature_2m_min')
  const winds = list(daily.wind_direction_10m_dominant, 'daily.wind_direction_10m_dominant')
  if (dates.length === 0) throw new ProviderError('no days')
  const forecasts: WeatherForecast[] = dates.map((date, i) => {
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ProviderError('bad date')
    const { text, icon } = weatherText(num(codes[i], 'weather_code'))
    return {
      week: weekOf(date),
      date,
      icon,
      weather: text,
      low: Math.round(num(lows[i], 'low')),
      high: Math.round(num(highs[i], 'high')),
      direct: windDirection(num(winds[i], 'wind')),
    }
  })
  const now = weatherText(num(current.weather_code, 'current.weather_code'))
  const today = forecasts[0]!
  return {
    today: today.date,
    lives: {
      icon: now.icon,
      info: now.text,
      temperature: Math.round(num(current.temperature_2m, 'temperature')),
      low: today.low,
      high: today.high,
      humidity: Math.round(num(current.relative_humidity_2m, 'humidity')),
      direct: windDirection(num(current.wind_direction_10m, 'wind direction')),
      power: windPower(num(current.wind_speed_10m, 'wind speed')),
      aqi: '',
      week: today.week,
    },
    forecasts: forecasts.slice(1),
  }
}

type Place = { latitude: number; longitude: number; admin: string }

function parseGeocoding(json: unknown): Place[] {
  const results = (json as { results?: unknown } | null)?.results
  if (results === undefined) return []
  return list(results, 'results').flatMap((r) => {
    const row = r as Record<string, unknown>
    if (typeof row.latitude !== 'number' || typeof row.longitude !== 'number') return []
    const admin = ['admin1', 'admin2', 'admin3', 'name'].map((k) => (typeof row[k] === 'string' ? row[k] : '')).join(' ')
    return [{ latitude: row.latitude, longitude: row.longitude, admin }]
  })
}

let provider: WeatherProvider | undefined
/** The process's provider: Open-Meteo at WEATHER_API_URL / WEATHER_GEOCODING_URL (defaults: the real service). */
export function weatherProvider(): WeatherProvider {
  provider ??= openMeteo()
  return provider
}

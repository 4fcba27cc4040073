import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSafeFetcher } from '#app/net/safe-fetch.server.ts'
import { testNetwork } from '#app/net/test-network.server.ts'
import { startWeather } from '#tests/sites/weather-server.ts'
import { openMeteo, parseForecast, ProviderError } from './provider.server.ts'

let fake: Awaited<ReturnType<typeof startWeather>>
beforeAll(async () => {
  fake = await startWeather()
})
afterAll(() => {
  fake.server.closeAllConnections()
  fake.server.close()
})

/**
 * The adapter as production builds it, on a test network where weather.test is the fake. The
 * fake's slow answer comes after 30 s: any timeout well under that proves the timeout, and one
 * of seconds keeps a loaded machine's slow first answer from reading as one.
 */
function provider(apiUrl = 'http://weather.test') {
  const network = testNetwork({ 'weather.test': { address: '93.184.216.35', port: fake.port } })
  const fetcher = createSafeFetcher(network, { totalTimeoutMs: 5_000 })
  return openMeteo({ apiUrl, geocodingUrl: 'http://weather.test', fetch: () => fetcher })
}

test('forecast: Open-Meteo current and daily in the spec fields', async () => {
  const report = await provider().forecast(39.9288, 116.4)
  expect(report.lives).toMatchObject({ icon: 'partly', info: '晴间多云', temperature: 12, low: 3, high: 15, humidity: 40, direct: '东风', power: '2级', aqi: '' })
  expect(report.today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect(report.forecasts).toHaveLength(3)
  expect(report.forecasts.map((d) => [d.weather, d.low, d.high])).toEqual([['小雨', 4, 16], ['阴', 5, 17], ['小雪', 6, 18]])
})

test('locate: an area by its Chinese name; null when the provider knows no such place', async () => {
  expect(await provider().locate({ province: '北京市', city: '市辖区', area: '东城区' })).toEqual({ latitude: 39.9288, longitude: 116.4 })
  expect(await provider().locate({ province: '西藏自治区', city: '那曲市', area: '双湖县' })).toBeNull()
})

test('500, bad JSON and a timeout are ProviderErrors', async () => {
  await expect(provider().forecast(39.9123, 116.4)).rejects.toThrow(ProviderError)
  await expect(provider().forecast(39.8585, 116.4)).rejects.toThrow(/bad JSON/)
  await expect(provider().forecast(39.9593, 116.4)).rejects.toThrow(/timeout/)
})

test('the provider URL gets no exception from the SSRF guard: a loopback or private base is refused', async () => {
  // On the default port, so the refusal is for the address itself (not for an odd port), and says so.
  await expect(provider('http://127.0.0.1').forecast(39.9288, 116.4)).rejects.toThrow(/loopback address/)
  await expect(provider('http://10.0.0.1').forecast(39.9288, 116.4)).rejects.toThrow(/private address/)
})

test('parseForecast refuses answers with missing fields instead of showing nonsense', () => {
  expect(() => parseForecast(null)).toThrow(ProviderError)
  expect(() => parseForecast({ current: {}, daily: {} })).toThrow(ProviderError)
  const day = { time: ['2026-11-25'], weather_code: [0], temperature_2m_max: [10], temperature_2m_min: [1], wind_direction_10m_dominant: [0] }
  const current = { temperature_2m: 5, relative_humidity_2m: 50, weather_code: 0, wind_speed_10m: 3, wind_direction_10m: 180 }
  expect(parseForecast({ current, daily: day }).lives).toMatchObject({ info: '晴', direct: '南风', power: '1级', week: '星期三' })
  expect(() => parseForecast({ current: { ...current, temperature_2m: '5' }, daily: day })).toThrow(/temperature/)
  expect(() => parseForecast({ current, daily: { ...day, time: ['yesterday'] } })).toThrow(/bad date/)
})

test('the default provider is the real Open-Meteo, keyless, asked in China time', async () => {
  const saved = { api: process.env.WEATHER_API_URL, geo: process.env.WEATHER_GEOCODING_URL }
  delete process.env.WEATHER_API_URL
  delete process.env.WEATHER_GEOCODING_URL
  const asked: string[] = []
  // Only the network is replaced: it records the address and answers nothing usable.
  const recording = () => async (url: string) => {
    asked.push(url)
    return { url, status: 200, contentType: 'application/json', headers: {}, body: Buffer.from('{}') }
  }
  try {
    const real = openMeteo({ fetch: recording })
    await expect(real.forecast(39.9288, 116.4)).rejects.toThrow(ProviderError)
    expect(await real.locate({ province: '北京市', city: '市辖区', area: '东城区' })).toBeNull()
  } finally {
    if (saved.api !== undefined) process.env.WEATHER_API_URL = saved.api
    if (saved.geo !== undefined) process.env.WEATHER_GEOCODING_URL = saved.geo
  }
  const forecast = new URL(asked[0]!)
  expect(forecast.origin + forecast.pathname).toBe('https://api.open-meteo.com/v1/forecast')
  expect(Object.fromEntries(forecast.searchParams)).toMatchObject({ latitude: '39.9288', longitude: '116.4000', timezone: 'Asia/Shanghai', forecast_days: '4' })
  expect(forecast.searchParams.has('apikey')).toBe(false)
  const search = new URL(asked[1]!)
  expect(search.origin + search.pathname).toBe('https://geocoding-api.open-meteo.com/v1/search')
  expect(search.searchParams.get('name')).toBe('东城区')
  expect(search.searchParams.get('countryCode')).toBe('CN')
})

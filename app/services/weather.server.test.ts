import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users, weatherPlaces } from '#app/db/schema/index.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { DomainError } from '#app/utils/errors.ts'
import { ProviderError, type WeatherProvider } from '#app/weather/provider.server.ts'
import type { WeatherReport } from '#app/weather/types.ts'
import { areaReport, CACHE_MS, guestCityCookie, RETRY_MS, saveCity, savedCityId, WEATHER_UNAVAILABLE } from './weather.server.ts'

const db = useTestDb()

const report = (temperature: number): WeatherReport => ({
  today: '2026-11-25',
  lives: { icon: 'sunny', info: '晴', temperature, low: 1, high: 9, humidity: 30, direct: '北风', power: '2级', aqi: '', week: '星期三' },
  forecasts: [],
})

/** The third-party side only: a provider that counts its calls and fails on demand. */
function stubProvider() {
  const calls = { locate: 0, forecast: 0 }
  let failing = false
  let temperature = 10
  const provider: WeatherProvider = {
    async locate() {
      calls.locate++
      return { latitude: 39.9, longitude: 116.4 }
    },
    async forecast() {
      calls.forecast++
      if (failing) throw new ProviderError('status 500')
      return report(temperature++)
    },
  }
  return { provider, calls, fail: (on: boolean) => (failing = on) }
}

const minutes = (n: number) => n * 60_000

test('a report is fetched once per area and cache time; the place is located only once', async () => {
  const stub = stubProvider()
  const t0 = new Date('2026-11-25T02:00:00Z')
  expect((await areaReport(db(), 110101, stub.provider, t0)).lives.temperature).toBe(10)
  expect((await areaReport(db(), 110101, stub.provider, new Date(t0.getTime() + CACHE_MS - 1))).lives.temperature).toBe(10)
  expect(stub.calls).toEqual({ locate: 1, forecast: 1 })
  expect((await areaReport(db(), 110101, stub.provider, new Date(t0.getTime() + CACHE_MS))).lives.temperature).toBe(11)
  expect(stub.calls).toEqual({ locate: 1, forecast: 2 })
  // Another area is another entry.
  await areaReport(db(), 110102, stub.provider, t0)
  expect(stub.calls).toEqual({ locate: 2, forecast: 3 })
  const [row] = await db().select().from(weatherPlaces).where(eq(weatherPlaces.cityId, 110101))
  expect(row).toMatchObject({ latitude: 39.9, longitude: 116.4, failedAt: null })
})

test('two asks at once for one area share one fetch', async () => {
  const stub = stubProvider()
  const t0 = new Date('2026-11-25T03:00:00Z')
  const [a, b] = await Promise.all([areaReport(db(), 110108, stub.provider, t0), areaReport(db(), 110108, stub.provider, t0)])
  expect(a).toEqual(b)
  expect(stub.calls).toEqual({ locate: 1, forecast: 1 })
})

test('a failure is the calm message, backs off for RETRY_MS, and a stale report is used while the provider is down', async () => {
  const stub = stubProvider()
  const t0 = new Date('2026-11-25T04:00:00Z')
  stub.fail(true)
  await expect(areaReport(db(), 110105, stub.provider, t0)).rejects.toThrow(new DomainError(WEATHER_UNAVAILABLE))
  await expect(areaReport(db(), 110105, stub.provider, new Date(t0.getTime() + RETRY_MS - 1))).rejects.toThrow(WEATHER_UNAVAILABLE)
  expect(stub.calls.forecast).toBe(1)
  stub.fail(false)
  const t1 = new Date(t0.getTime() + RETRY_MS)
  expect((await areaReport(db(), 110105, stub.provider, t1)).lives.temperature).toBe(10)
  stub.fail(true)
  // Expired but under six hours old: shown rather than nothing.
  expect((await areaReport(db(), 110105, stub.provider, new Date(t1.getTime() + minutes(45)))).lives.temperature).toBe(10)
  await expect(areaReport(db(), 110105, stub.provider, new Date(t1.getTime() + minutes(7 * 60)))).rejects.toThrow(WEATHER_UNAVAILABLE)
})

test('only an area is saved: on the account for a user, in a cookie for a guest', async () => {
  const { user } = await createUser(db())
  const req = new Request('http://x/')
  for (const id of [11, 1101, 999999]) await expect(saveCity(db(), user, id, req)).rejects.toThrow('请选择区县')
  expect(await saveCity(db(), user, 440106, req)).toEqual({})
  const [saved] = await db().select().from(users).where(eq(users.id, user.id))
  expect(saved!.weatherCityId).toBe(440106)
  expect(await savedCityId(saved!, new Request('http://x/'))).toBe(440106)

  const { setCookie } = await saveCity(db(), null, 440106, req)
  expect(setCookie).toMatch(/^qy_city=.*Max-Age=31536000/)
  const cookie = setCookie!.split(';')[0]!
  expect(await savedCityId(null, new Request('http://x/', { headers: { Cookie: cookie } }))).toBe(440106)
  // A tampered cookie naming no area is no city.
  const forged = await guestCityCookie.serialize(44)
  expect(await savedCityId(null, new Request('http://x/', { headers: { Cookie: forged.split(';')[0]! } }))).toBeNull()
})

import { createServer, type Server } from 'node:http'
import { WEATHER_HOST } from './network.ts'

/**
 * A fake Open-Meteo (forecast and geocoding) for the HTTP and browser tests, reached by the app as
 * http://weather.test through the test network. Places pick how the forecast behaves:
 * 东城区 answers normally, 西城区 answers 500, 丰台区 bad JSON, 海淀区 never in time.
 */
export const FAKE_PLACES: Record<string, { latitude: number; behaviour: 'ok' | 'error' | 'bad-json' | 'slow' }> = {
  东城区: { latitude: 39.9288, behaviour: 'ok' },
  西城区: { latitude: 39.9123, behaviour: 'error' },
  丰台区: { latitude: 39.8585, behaviour: 'bad-json' },
  海淀区: { latitude: 39.9593, behaviour: 'slow' },
}
const LONGITUDE = 116.4
/** The fake's answer for 东城区 reads 晴间多云 12°C now, then 小雨, 阴, 小雪. */
const DAY_CODES = [1, 61, 3, 71]

/** Today in China and the next days, as Open-Meteo's daily.time gives them. */
function days(count: number): string[] {
  const start = Date.now() + 8 * 3600_000
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10))
}

export async function startWeather(port = 0): Promise<{ port: number; server: Server; hits: () => number }> {
  let forecasts = 0
  let searches = 0
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${WEATHER_HOST}`)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/hits') return json(200, { forecasts, searches })
    if (url.pathname === '/v1/search') {
      searches++
      const name = url.searchParams.get('name') ?? ''
      const place = FAKE_PLACES[name]
      if (!place) return json(200, { generationtime_ms: 0.1 })
      return json(200, { results: [{ name, latitude: place.latitude, longitude: LONGITUDE, country_code: 'CN', admin1: '北京市' }] })
    }
    if (url.pathname === '/v1/forecast') {
      forecasts++
      const latitude = Number(url.searchParams.get('latitude'))
      const place = Object.values(FAKE_PLACES).find((p) => Math.abs(p.latitude - latitude) < 0.001)
      if (!place) return json(400, { error: true, reason: 'unknown place' })
      if (place.behaviour === 'error') return json(500, { error: true })
      if (place.behaviour === 'bad-json') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end('{"current": {')
      }
      if (place.behaviour === 'slow') {
        const timer = setTimeout(() => json(200, {}), 30_000)
        req.on('close', () => clearTimeout(timer))
        return
      }
      const time = days(Number(url.searchParams.get('forecast_days') || 4))
      return json(200, {
        latitude,
        longitude: LONGITUDE,
        timezone: url.searchParams.get('timezone'),
        current: { temperature_2m: 12.3, relative_humidity_2m: 40, weather_code: 1, wind_speed_10m: 10, wind_direction_10m: 90 },
        daily: {
          time,
          weather_code: time.map((_, i) => DAY_CODES[i % DAY_CODES.length]),
          temperature_2m_max: time.map((_, i) => 15 + i),
          temperature_2m_min: time.map((_, i) => 3 + i),
          wind_direction_10m_dominant: time.map(() => 0),
        },
      })
    }
    json(404, { error: true })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  return { port: typeof address === 'object' && address ? address.port : port, server, hits: () => forecasts }
}

// `node tests/sites/weather-server.ts PORT`: the e2e suite's fake provider (playwright.config.ts).
if (import.meta.main) {
  const { port } = await startWeather(Number(process.argv[2]))
  console.log(`fake weather provider on 127.0.0.1:${port}`)
}

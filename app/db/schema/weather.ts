import { doublePrecision, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core'
import type { WeatherReport } from '#app/weather/types.ts'

/**
 * One row per area (6-digit division code) anyone has picked: where it is (geocoded once by
 * name) and the last forecast. In the database, not in process memory, so every app process
 * shares one fetch per area per 30 minutes (ARCHITECTURE §7: app servers are stateless).
 */
export const weatherPlaces = pgTable('weather_places', {
  cityId: integer('city_id').primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  report: jsonb('report').$type<WeatherReport>(),
  /** When the report was fetched; a failed fetch sets failedAt instead, to back off briefly. */
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
})

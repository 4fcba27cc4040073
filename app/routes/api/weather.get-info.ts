import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { clearSessionCookie } from '#app/auth/session.server.ts'
import { WeatherInfoParams } from '#app/schemas/weather.ts'
import { weatherInfo } from '#app/services/weather.server.ts'

/**
 * GET /api/weather/get-info {cityId}: {logout, city, today, lives, forecasts}; a provider failure
 * is code 0 with a calm message. With `logout` the dead session cookie is cleared here too.
 */
export const loader = defineApi(WeatherInfoParams, async ({ cityId }, { db, user, request, clientIp }) => {
  const info = await weatherInfo(db, user, request, { cityId, clientIp })
  return apiOk(info, '操作成功', info.logout ? { 'Set-Cookie': clearSessionCookie(request) } : {})
})

export const action = getOnly

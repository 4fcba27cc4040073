import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { postOnly } from '#app/api/method.server.ts'
import { SaveCityParams } from '#app/schemas/weather.ts'
import { CITY_SAVED, saveCity } from '#app/services/weather.server.ts'

export const loader = postOnly

/** POST /api/weather/save-city {cityId}: the user's area, or a 365-day cookie for a guest. */
export const action = defineApi(SaveCityParams, async ({ cityId }, { db, user, request }) => {
  const { setCookie } = await saveCity(db, user, cityId, request)
  return apiOk({ cityId }, CITY_SAVED, setCookie ? { 'Set-Cookie': setCookie } : {})
})

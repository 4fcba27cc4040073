import { defineApi } from '#app/api/define-api.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { CityOptionParams } from '#app/schemas/weather.ts'
import { NO_SUCH } from '#app/schemas/ids.ts'
import { DomainError } from '#app/utils/errors.ts'
import { regionOptions } from '#app/weather/regions.server.ts'

/** GET /api/weather/get-city-option {parentId}: provinces, or the cities / areas under parentId ([{id, name}]). */
export const loader = defineApi(CityOptionParams, async ({ parentId }) => {
  const options = await regionOptions(parentId)
  if (!options) throw new DomainError(NO_SUCH)
  return options
})

export const action = getOnly

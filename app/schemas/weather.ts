import { z } from './zod.ts'
import { idOf, ObjectId } from './ids.ts'

export const AREA_MSG = '请选择区县'

const optionalId = z.preprocess((v) => (v === '' ? undefined : v), ObjectId.optional())

/** get-city-option {parentId}: the provinces without one. */
export const CityOptionParams = z.object({ parentId: optionalId })
/** save-city {cityId}: an area's 6-digit code (the service checks it is one). */
export const SaveCityParams = z.object({
  cityId: z.unknown().transform((value, ctx) => {
    const id = idOf(value)
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: AREA_MSG })
      return z.NEVER
    }
    return id
  }),
})
/** get-info {cityId}: optional; the saved city when absent. */
export const WeatherInfoParams = z.object({ cityId: optionalId })

import { readPageForm } from '#app/utils/page-form.server.ts'
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/weather'
import { RegionSelect } from '#app/components/weather/region-select.tsx'
import { clearSessionCookie } from '#app/auth/session.server.ts'
import { WeatherReportView } from '#app/components/weather/weather-report.tsx'
import { appContext, userContext } from '#app/context.ts'
import { idOf } from '#app/schemas/ids.ts'
import { AREA_MSG, SaveCityParams } from '#app/schemas/weather.ts'
import { CITY_SAVED, saveCity, weatherForPage } from '#app/services/weather.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { regionLevel, regionOptions, regionParent } from '#app/weather/regions.server.ts'

/**
 * The weather popover as a page, and the city selector as three GET steps (province → city →
 * area) then a POST: everything works without JavaScript (ARCHITECTURE §5).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  const weather = await weatherForPage(db, user, request, { fetch: true })
  // Spec §8: a dead session's browser is signed out, its cookie cleared, and sent home.
  if (weather.logout) throw redirect('/', { headers: { 'Set-Cookie': clearSessionCookie(request) } })
  const url = new URL(request.url)
  // A step's choice counts only if it is what the step asks for (a province, then a city in it).
  const province = idOf(url.searchParams.get('province'))
  const provinceId = province && (await regionLevel(province)) === 1 ? province : undefined
  const city = idOf(url.searchParams.get('city'))
  const cityId = provinceId && city && (await regionLevel(city)) === 2 && (await regionParent(city)) === provinceId ? city : undefined
  return {
    weather,
    provinces: (await regionOptions()) ?? [],
    provinceId,
    cities: provinceId ? ((await regionOptions(provinceId)) ?? []) : [],
    cityId,
    areas: cityId ? ((await regionOptions(cityId)) ?? []) : [],
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  const parsed = SaveCityParams.safeParse(Object.fromEntries(await readPageForm(request)))
  try {
    if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? AREA_MSG)
    const { setCookie } = await saveCity(db, user, parsed.data.cityId, request)
    return redirectWithToast('/weather', { type: 'success', msg: CITY_SAVED }, setCookie ? { 'Set-Cookie': setCookie } : {})
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast('/weather', { type: 'error', msg: error.message })
    throw error
  }
}

export const meta: Route.MetaFunction = () => [{ title: '天气 - 起页' }]

export default function WeatherPage({ loaderData }: Route.ComponentProps) {
  const { weather, provinces, provinceId, cities, cityId, areas } = loaderData
  return (
    <main id="main" className="page weather-page">
      <h1>天气</h1>
      <section aria-labelledby="weather-now-title">
        <h2 id="weather-now-title">当前城市</h2>
        <WeatherReportView weather={weather} />
      </section>
      <section aria-labelledby="weather-select-title" className="city-steps">
        <h2 id="weather-select-title">选择城市</h2>
        <Form method="get" className="city-step">
          <RegionSelect level={0} id="step-province" label="第一步：省份" name="province" options={provinces} defaultValue={provinceId ?? ''} key={`p${provinceId ?? ''}`} required />
          <button type="submit" className="button">
            下一步
          </button>
        </Form>
        {provinceId ? (
          <Form method="get" className="city-step">
            <input type="hidden" name="province" value={provinceId} />
            <RegionSelect level={1} id="step-city" label="第二步：城市" name="city" options={cities} defaultValue={cityId ?? ''} key={`c${provinceId}-${cityId ?? ''}`} required />
            <button type="submit" className="button">
              下一步
            </button>
          </Form>
        ) : null}
        {cityId ? (
          <Form method="post" className="city-step" key={`a${cityId}`}>
            <RegionSelect level={2} id="step-area" label="第三步：区县" name="cityId" options={areas} defaultValue="" required />
            <button type="submit" className="button button-primary">
              保存
            </button>
          </Form>
        ) : null}
        {provinceId ? <Link to="/weather">重新选择</Link> : null}
      </section>
    </main>
  )
}

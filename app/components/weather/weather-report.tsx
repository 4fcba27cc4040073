import type { WeatherInfo } from '#app/weather/types.ts'

/** Now, today and the next days for the chosen city; the calm message when the provider failed. */
export function WeatherReportView({ weather }: { weather: WeatherInfo }) {
  if (!weather.city) return <p className="muted">尚未选择城市，请在下方选择省份、城市和区县。</p>
  const place = weather.city.city === '市辖区' || weather.city.city === '县' ? weather.city.province : weather.city.city
  if (!weather.lives) {
    return (
      <div className="weather-report">
        <h3 className="weather-city">
          {place} {weather.city.area}
        </h3>
        <p role="status" className="weather-error">
          {weather.error ?? '天气暂时无法获取，请稍后再试'}
        </p>
      </div>
    )
  }
  const lives = weather.lives
  return (
    <div className="weather-report">
      <h3 className="weather-city">
        {place} {weather.city.area}
      </h3>
      <p className="weather-now">
        <span className="weather-icon" data-icon={lives.icon} aria-hidden="true" /> <strong>{lives.info}</strong> {lives.temperature}°C ·{' '}
        {lives.low}~{lives.high}°C · 湿度 {lives.humidity}% · {lives.direct} {lives.power}
      </p>
      <p className="muted">
        {weather.today} {lives.week}
      </p>
      <table className="weather-forecasts">
        <caption className="sr-only">未来几天天气预报</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">天气</th>
            <th scope="col">气温</th>
            <th scope="col">风向</th>
          </tr>
        </thead>
        <tbody>
          {weather.forecasts.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                {day.week} <span className="muted">{day.date.slice(5)}</span>
              </th>
              <td>
                <span className="weather-icon" data-icon={day.icon} aria-hidden="true" /> {day.weather}
              </td>
              <td>
                {day.low}~{day.high}°C
              </td>
              <td>{day.direct}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

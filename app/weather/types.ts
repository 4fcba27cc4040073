/** The weather fields of spec §3 (lives: now and today; forecasts: the next days). */
export type WeatherLives = {
  icon: WeatherIcon
  info: string
  temperature: number
  low: number
  high: number
  humidity: number
  direct: string
  power: string
  /** Open-Meteo's forecast has no air-quality index; empty unless a provider gives one. */
  aqi: string
  week: string
}
export type WeatherForecast = {
  week: string
  date: string
  icon: WeatherIcon
  weather: string
  low: number
  high: number
  direct: string
}
/** What a provider answers for one place: today's date (YYYY-MM-DD, China time), now, the next days. */
export type WeatherReport = { today: string; lives: WeatherLives; forecasts: WeatherForecast[] }

export type WeatherIcon = 'sunny' | 'partly' | 'cloudy' | 'overcast' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'thunder'

/** The chosen area with its province and city, for display ('北京市 东城区'). */
export type WeatherCity = { id: number; province: string; city: string; area: string; name: string }

/** What get-info answers (spec §7): logout, city, today, lives, forecasts. */
export type WeatherInfo = {
  logout: boolean
  city: WeatherCity | null
  today: string | null
  lives: WeatherLives | null
  forecasts: WeatherForecast[]
  /** The calm message when the provider could not be reached (the UI shows it instead of data). */
  error?: string
}

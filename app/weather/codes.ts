import type { WeatherIcon } from './types.ts'

/**
 * WMO weather interpretation codes (Open-Meteo's `weather_code`) in the words Chinese weather
 * reports use. Unknown codes read 未知 rather than failing the whole report.
 */
const WMO: Record<number, [string, WeatherIcon]> = {
  0: ['晴', 'sunny'],
  1: ['晴间多云', 'partly'],
  2: ['多云', 'cloudy'],
  3: ['阴', 'overcast'],
  45: ['雾', 'fog'],
  48: ['雾凇', 'fog'],
  51: ['小毛毛雨', 'drizzle'],
  53: ['毛毛雨', 'drizzle'],
  55: ['大毛毛雨', 'drizzle'],
  56: ['冻毛毛雨', 'drizzle'],
  57: ['强冻毛毛雨', 'drizzle'],
  61: ['小雨', 'rain'],
  63: ['中雨', 'rain'],
  65: ['大雨', 'rain'],
  66: ['冻雨', 'rain'],
  67: ['强冻雨', 'rain'],
  71: ['小雪', 'snow'],
  73: ['中雪', 'snow'],
  75: ['大雪', 'snow'],
  77: ['米雪', 'snow'],
  80: ['阵雨', 'rain'],
  81: ['强阵雨', 'rain'],
  82: ['暴雨', 'rain'],
  85: ['阵雪', 'snow'],
  86: ['强阵雪', 'snow'],
  95: ['雷阵雨', 'thunder'],
  96: ['雷阵雨伴有冰雹', 'thunder'],
  99: ['强雷阵雨伴有冰雹', 'thunder'],
}

export function weatherText(code: number): { text: string; icon: WeatherIcon } {
  const known = WMO[code]
  return known ? { text: known[0], icon: known[1] } : { text: '未知', icon: 'cloudy' }
}

const DIRECTIONS = ['北风', '东北风', '东风', '东南风', '南风', '西南风', '西风', '西北风']

/** Where the wind comes from (degrees, 0 = north) as one of eight Chinese directions. */
export function windDirection(degrees: number): string {
  const sector = Math.round((((degrees % 360) + 360) % 360) / 45) % 8
  return DIRECTIONS[sector]!
}

// Upper bounds (km/h, exclusive) of Beaufort forces 0-11; above the last is force 12.
const BEAUFORT_KMH = [1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118]

/** Wind speed in km/h as a Beaufort force, the way Chinese reports say it ('3级'). */
export function windPower(kmh: number): string {
  const force = BEAUFORT_KMH.findIndex((limit) => kmh < limit)
  return `${force === -1 ? 12 : force}级`
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']

/** The weekday of a calendar date (YYYY-MM-DD), whatever the server's time zone. */
export function weekOf(date: string): string {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!
}


export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'
export const TIME_ZONE_COOKIE = 'tz'

/**
 * One formatter per time zone: making an Intl.DateTimeFormat costs far more than using it (it was
 * 5% of the server's time on a minimal page). Bounded: a cookie can name any valid zone, not more.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>()
const MAX_CACHED_ZONES = 500

function clockFormat(timeZone: string) {
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('zh-CN', {
      timeZone,
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'long',
    })
    if (clockFormats.size >= MAX_CACHED_ZONES) clockFormats.clear()
    clockFormats.set(timeZone, format)
  }
  return format
}

export function isTimeZone(value: string | undefined): value is string {
  if (!value || value.length > 64) return false
  try {
    clockFormat(value)
    return true
  } catch {
    return false
  }
}

/** The header clock: month, day, hour:minute, weekday — e.g. 11月22日 08:37 星期日. */
export function formatClock(at: Date | number, timeZone: string) {
  const parts = clockFormat(timeZone).formatToParts(at)
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    date: `${get('month')}月${get('day')}日`,
    time: `${get('hour')}:${get('minute')}`,
    weekday: get('weekday'),
  }
}

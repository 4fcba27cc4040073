import { formatsByZone } from './zone-formats.ts'

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'
export const TIME_ZONE_COOKIE = 'tz'

const clockFormat = formatsByZone('zh-CN', { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'long' })

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

import { formatsByZone } from '#app/utils/zone-formats.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from '#app/utils/clock.ts'
import { fail, type Outcome, type ToolFields, type ToolResult } from './result.ts'

/**
 * 时间戳转换: a Unix timestamp (seconds or milliseconds) ↔ a date and time in a chosen time zone
 * (Asia/Shanghai unless said otherwise). Pure Intl arithmetic, the same on the server and in the
 * browser: no date library.
 */

export type TimeUnit = 'auto' | 's' | 'ms'

export type TimeView = {
  ms: number
  /** The unit a numeric input was read in (after auto-detection); absent for a date input. */
  unit?: 's' | 'ms'
  local: string
  iso: string
  utc: string
  weekday: string
}

/** Years 1 to 9999, with a day to spare for any offset: what 'YYYY-MM-DD' can write. */
const MIN_MS = -62135596800000 + 86_400_000
const MAX_MS = 253402300799999 - 86_400_000
const RANGE_MSG = '时间超出范围（公元 1 年至 9999 年）'
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']
/** 13 digits and more are milliseconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const MS_FROM = 1e11

const formatter = formatsByZone('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })

/** Milliseconds since the epoch of a wall-clock time read as UTC (years 0-99 stay as they are). */
function wallMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) {
  const date = new Date(0)
  date.setUTCFullYear(y, mo - 1, d)
  date.setUTCHours(h, mi, s, ms)
  return date.getTime()
}

function zoneParts(ms: number, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(ms)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') }
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
export function zoneOffset(ms: number, timeZone: string) {
  const p = zoneParts(ms, timeZone)
  return wallMs(p.y, p.mo, p.d, p.h, p.mi, p.s) - Math.floor(ms / 1000) * 1000
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function offsetText(offset: number) {
  const sign = offset < 0 ? '-' : '+'
  const total = Math.abs(offset) / 1000
  const seconds = total % 60
  return `${sign}${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}${seconds ? `:${pad(seconds)}` : ''}`
}

/** An instant as 'YYYY-MM-DD HH:mm:ss', ISO 8601 with the zone's offset, UTC, and the weekday. */
export function describeInstant(ms: number, timeZone: string): Omit<TimeView, 'unit'> {
  const p = zoneParts(ms, timeZone)
  const date = `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}`
  const time = `${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`
  const fraction = ((ms % 1000) + 1000) % 1000
  return {
    ms,
    local: `${date} ${time}`,
    iso: `${date}T${time}${fraction ? `.${pad(fraction, 3)}` : ''}${offsetText(zoneOffset(ms, timeZone))}`,
    utc: new Date(ms).toISOString(),
    weekday: WEEKDAYS[new Date(wallMs(p.y, p.mo, p.d)).getUTCDay()]!,
  }
}

export function parseTimestamp(text: string, unit: TimeUnit = 'auto'): Outcome<{ ms: number; unit: 's' | 'ms' }> {
  const value = Number(text)
  const read = unit === 'auto' ? (Math.abs(value) >= MS_FROM ? 'ms' : 's') : unit
  const ms = Math.round(read === 's' ? value * 1000 : value)
  if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS) return { ok: false, error: RANGE_MSG }
  return { ok: true, value: { ms, unit: read } }
}

const DATE =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:\s+|T)(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i
export const DATE_FORMAT_MSG = '无法识别，请输入秒或毫秒时间戳，或如 2024-01-02 03:04:05 的日期时间'

/** 'YYYY-MM-DD[ HH:mm[:ss[.sss]]]' (also / . or 年月日), in `timeZone` unless it names an offset. */
export function parseDate(text: string, timeZone: string): Outcome<number> {
  const match = DATE.exec(text.replace(/[年月]/g, '-').replace(/日/g, ' ').trim())
  if (!match) return { ok: false, error: DATE_FORMAT_MSG }
  const [y, mo, d, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((part) => Number(part ?? 0))
  const fraction = Number((match[7] ?? '').padEnd(3, '0'))
  const day = new Date(wallMs(y!, mo!, d!))
  if (mo! < 1 || mo! > 12 || day.getUTCDate() !== d || day.getUTCMonth() !== mo! - 1) {
    return { ok: false, error: `日期不存在：${pad(y!, 4)}-${pad(mo!)}-${pad(d!)}` }
  }
  if (h > 23 || mi > 59 || s > 59) return { ok: false, error: `时间不正确：${pad(h)}:${pad(mi)}:${pad(s)}` }
  const wall = wallMs(y!, mo!, d!, h, mi, s, fraction)
  const zone = match[8]
  let ms: number
  if (zone) {
    const sign = zone[0] === '-' ? -1 : 1
    const digits = zone.replace(/\D/g, '')
    ms = zone.toUpperCase() === 'Z' ? wall : wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000
  } else {
    // The offset at the wall time read as UTC is nearly right; once more settles a DST change.
    const first = wall - zoneOffset(wall, timeZone)
    ms = wall - zoneOffset(first, timeZone)
  }
  if (ms < MIN_MS || ms > MAX_MS) return { ok: false, error: RANGE_MSG }
  return { ok: true, value: ms }
}

/** A timestamp (digits) or a date, whichever the input is. */
export function convertTime(input: string, { unit = 'auto', timeZone = DEFAULT_TIME_ZONE }: { unit?: TimeUnit; timeZone?: string } = {}): Outcome<TimeView> {
  const text = input.trim()
  if (!text) return { ok: false, error: '请输入时间戳或日期时间' }
  if (!isTimeZone(timeZone)) return { ok: false, error: '时区不正确' }
  if (/^-?\d+(?:\.\d+)?$/.test(text)) {
    const stamp = parseTimestamp(text, unit)
    return stamp.ok ? { ok: true, value: { ...describeInstant(stamp.value.ms, timeZone), unit: stamp.value.unit } } : stamp
  }
  const date = parseDate(text, timeZone)
  return date.ok ? { ok: true, value: describeInstant(date.value, timeZone) } : date
}

export function run(fields: ToolFields, now = Date.now()): ToolResult {
  const timeZone = fields.zone || DEFAULT_TIME_ZONE
  const unit = (fields.unit || 'auto') as TimeUnit
  // 当前时间 fills the input with the current timestamp in the chosen unit (seconds unless 毫秒).
  const isNow = fields.intent === 'now'
  const input = isNow ? String(unit === 'ms' ? now : Math.floor(now / 1000)) : (fields.input ?? '')
  const result = convertTime(input, { unit, timeZone })
  if (!result.ok) return fail('input', result.error)
  const view = result.value
  const status = isNow ? '已填入当前时间' : view.unit ? `已按${view.unit === 's' ? '秒' : '毫秒'}级时间戳转换` : '已把日期时间转换为时间戳'
  return {
    ok: true,
    status,
    ...(isNow ? { fill: { input } } : {}),
    outputs: [
      { label: `日期时间（${timeZone}）`, value: view.local },
      { label: '星期', value: view.weekday, kind: 'stat' },
      { label: 'ISO 8601', value: view.iso },
      { label: 'UTC', value: view.utc },
      { label: '秒级时间戳', value: String(Math.floor(view.ms / 1000)) },
      { label: '毫秒级时间戳', value: String(view.ms) },
    ],
  }
}

import { expect, test } from 'vitest'
import { cleanTheme, THEME_COLORS, THEME_TIME_MSG, ThemeSchema } from '#app/schemas/skin.ts'
import { isDarkAt, lookFor, minuteOfDay, THEME_SCRIPT, themeOf } from './theme.ts'

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
/** A fixed clock: 2026-11-26 at hh:mm in Shanghai (UTC+8). */
const shanghai = (hhmm: string) => Date.UTC(2026, 10, 25, 16, 0) + at(hhmm) * 60_000

test('day is light, night is dark, whatever the time', () => {
  for (const minute of [0, at('12:00'), at('23:59')]) {
    expect(isDarkAt(0, '', '', minute, true)).toBe(false)
    expect(isDarkAt(1, '', '', minute, false)).toBe(true)
  }
})

test('a timed window within one day: dark from the start minute, light from the end minute', () => {
  const dark = (hhmm: string) => isDarkAt(2, '09:00', '17:30', at(hhmm), false)
  expect([dark('08:59'), dark('09:00'), dark('12:00'), dark('17:29'), dark('17:30'), dark('23:59'), dark('00:00')]).toEqual([
    false, true, true, true, false, false, false,
  ])
})

test('a window crossing midnight (end before start: the next day) at 23:59, 00:00 and the end minute', () => {
  const dark = (hhmm: string) => isDarkAt(2, '22:00', '06:00', at(hhmm), false)
  expect(dark('21:59')).toBe(false)
  expect(dark('22:00')).toBe(true)
  expect(dark('23:59')).toBe(true)
  expect(dark('00:00')).toBe(true)
  expect(dark('05:59')).toBe(true)
  expect(dark('06:00')).toBe(false)
  expect(dark('12:00')).toBe(false)
})

test('follow system is what the system says', () => {
  expect(isDarkAt(3, '', '', 0, true)).toBe(true)
  expect(isDarkAt(3, '', '', 0, false)).toBe(false)
})

test('the server reads the minute in the viewer’s time zone', () => {
  expect(minuteOfDay(shanghai('23:59'), 'Asia/Shanghai')).toBe(at('23:59'))
  expect(minuteOfDay(shanghai('00:00'), 'Asia/Shanghai')).toBe(0)
  // 00:30 in Shanghai is 16:30 the day before in London (winter).
  expect(minuteOfDay(shanghai('00:30'), 'Europe/London')).toBe(at('16:30'))
  const timed = { theme: 2 as const, start: '22:00', end: '06:00' }
  const viewer = (hhmm: string, timeZone = 'Asia/Shanghai') => ({ scheme: null, timeZone, now: shanghai(hhmm) })
  expect(themeOf(timed, viewer('23:59'))).toBe('dark')
  expect(themeOf(timed, viewer('00:00'))).toBe('dark')
  expect(themeOf(timed, viewer('06:00'))).toBe('light')
  expect(themeOf(timed, viewer('00:00', 'Europe/London'))).toBe('light')
})

test('follow system: the hint decides; without one the stylesheet does', () => {
  const system = { theme: 3 as const, start: '', end: '' }
  expect(themeOf(system, { scheme: 'dark', timeZone: 'UTC', now: 0 })).toBe('dark')
  expect(themeOf(system, { scheme: 'light', timeZone: 'UTC', now: 0 })).toBe('light')
  expect(themeOf(system, { scheme: null, timeZone: 'UTC', now: 0 })).toBe('system')
})

test('a timed theme needs both times, with the spec’s message; other themes drop them', () => {
  for (const input of [{ theme: 2 }, { theme: '2', start: '22:00' }, { theme: 2, end: '06:00' }, { theme: 2, start: '25:00', end: '06:00' }]) {
    const parsed = ThemeSchema.safeParse(input)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(THEME_TIME_MSG)
  }
  expect(ThemeSchema.parse({ theme: '2', start: '22:00', end: '06:00' })).toEqual({ theme: 2, start: '22:00', end: '06:00' })
  expect(ThemeSchema.parse({ theme: '1', start: '22:00', end: '06:00' })).toEqual({ theme: 1, start: '', end: '' })
  expect(ThemeSchema.safeParse({ theme: 4 }).success).toBe(false)
  // Stored forms: the skin JSON's clock_start / clock_end, or anything broken (null: not set).
  expect(cleanTheme({ theme: 2, clock_start: '21:00', clock_end: '07:00' })).toEqual({ theme: 2, start: '21:00', end: '07:00' })
  expect(cleanTheme({ theme: 2 })).toBeNull()
  expect(cleanTheme('x')).toBeNull()
})

test('the browser’s re-check runs the same rule, every 10 s, for the theme <html> names', () => {
  const html = { dataset: {} as Record<string, string>, attributes: {} as Record<string, string> }
  let tick: () => void = () => {}
  let every = 0
  let clock = '23:59'
  const date = class {
    getHours = () => Number(clock.slice(0, 2))
    getMinutes = () => Number(clock.slice(3))
  }
  new Function('document', 'matchMedia', 'setInterval', 'Date', THEME_SCRIPT)(
    { documentElement: { dataset: html.dataset, setAttribute: (name: string, value: string) => (html.attributes[name] = value) } },
    () => ({ matches: true }),
    (fn: () => void, ms: number) => ((tick = fn), (every = ms)),
    date,
  )
  expect(every).toBe(10_000)
  // A fixed theme is left as the server drew it.
  Object.assign(html.dataset, { themeMode: '1' })
  tick()
  expect(html.attributes['data-theme']).toBeUndefined()
  Object.assign(html.dataset, { themeMode: '2', themeStart: '22:00', themeEnd: '06:00' })
  tick()
  expect(html.attributes['data-theme']).toBe('dark')
  clock = '06:00'
  tick()
  expect(html.attributes['data-theme']).toBe('light')
  // Follow system: the media query (dark here).
  html.dataset.themeMode = '3'
  tick()
  expect(html.attributes['data-theme']).toBe('dark')
})

test('17 preset colours; the owner gets the homepage’s look, anyone else their own choice over it', () => {
  expect(THEME_COLORS.map((c) => c.id)).toEqual([...Array(17).keys()])
  const homepage = { setting: { theme: 1 as const, start: '', end: '' }, themeColorId: 4 }
  const mine = { setting: { theme: 0 as const, start: '', end: '' }, themeColorId: 9 }
  expect(lookFor({ own: true, look: homepage }, mine)).toEqual(homepage)
  expect(lookFor({ own: false, look: homepage }, mine)).toEqual(mine)
  expect(lookFor({ own: false, look: homepage }, { setting: null, themeColorId: null })).toEqual(homepage)
  expect(lookFor(null, { setting: null, themeColorId: 3 })).toEqual({ setting: { theme: 0, start: '', end: '' }, themeColorId: 3 })
})

/** WCAG 2 contrast of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p)
  return (x! + 0.05) / (y! + 0.05)
}

test('every preset keeps AA contrast in both themes: text in the colour, text on it, the hover on its tint', () => {
  // The page's backgrounds (app.css): day --bg, --card; night --bg, --card, --field-bg; text on the colour.
  for (const c of THEME_COLORS) {
    const what = `${c.id} ${c.name}`
    // 0 is the site's own blue as it was (its text stands on cards, #fff); the presets stand on the page's --bg too.
    for (const bg of c.id === 0 ? ['#ffffff'] : ['#f4f6fa', '#ffffff']) expect(contrast(c.primaryColor, bg), what).toBeGreaterThanOrEqual(4.5)
    expect(contrast('#ffffff', c.primaryColor), what).toBeGreaterThanOrEqual(4.5)
    expect(contrast(c.primaryHover, c.primaryBg), what).toBeGreaterThanOrEqual(4.5)
    for (const bg of ['#14171c', '#1e2229', '#262b34']) expect(contrast(c.dark.primaryColor, bg), what).toBeGreaterThanOrEqual(4.5)
    expect(contrast('#12151a', c.dark.primaryColor), what).toBeGreaterThanOrEqual(4.5)
    expect(contrast(c.dark.primaryHover, c.dark.primaryBg), what).toBeGreaterThanOrEqual(4.5)
  }
})

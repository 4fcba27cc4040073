import { DEFAULT_THEME, themeColorOf, type ThemeSetting } from '#app/schemas/skin.ts'
import { isDarkAt } from './theme-rule.ts'
import { formatsByZone } from './zone-formats.ts'

export { isDarkAt, THEME_SCRIPT } from './theme-rule.ts'

const minuteFormat = formatsByZone('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** The minute of the day (0-1439) at `now` in a time zone. */
export function minuteOfDay(now: number, timeZone: string) {
  const parts = minuteFormat(timeZone).formatToParts(now)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return part('hour') * 60 + part('minute')
}

/** What the server knows of the viewer: the colour-scheme hint (Sec-CH-Prefers-Color-Scheme), their zone and the time. */
export type Viewer = { scheme: 'dark' | 'light' | null; timeZone: string; now: number }

/**
 * The theme the first byte shows: light or dark, or `system` when following a system the server
 * was not told about (no hint: the stylesheet's prefers-color-scheme query decides, no flash).
 */
export function themeOf(setting: ThemeSetting, viewer: Viewer): 'light' | 'dark' | 'system' {
  if (setting.theme === 3 && viewer.scheme === null) return 'system'
  const minute = minuteOfDay(viewer.now, viewer.timeZone)
  return isDarkAt(setting.theme, setting.start, setting.end, minute, viewer.scheme === 'dark') ? 'dark' : 'light'
}

/**
 * The theme colour as custom properties on <html> (the stylesheet reads them, day and night
 * shades both, so a theme switched in the browser keeps its colour); none for the site's own.
 */
export function themeColorStyle(themeColorId: number): Record<string, string> | undefined {
  if (!themeColorId) return undefined
  const c = themeColorOf(themeColorId)
  if (c.id === 0) return undefined
  return {
    '--tc-primary': c.primaryColor,
    '--tc-primary-bg': c.primaryBg,
    '--tc-primary-hover': c.primaryHover,
    '--tc-primary-disabled': c.primaryDisabled,
    '--tc-dark-primary': c.dark.primaryColor,
    '--tc-dark-primary-bg': c.dark.primaryBg,
    '--tc-dark-primary-hover': c.dark.primaryHover,
    '--tc-dark-primary-disabled': c.dark.primaryDisabled,
  }
}

/** A viewer's look: their theme and theme colour, the page's (the homepage's, their own cookies) merged. */
export type Look = { setting: ThemeSetting; themeColorId: number }

/**
 * Which look a viewer gets (spec §6): the owner of the homepage shown gets what is saved on it;
 * anyone else their own choice (cookies) where they made one, else the homepage's, else the default.
 */
export function lookFor(page: { own: boolean; look: Look } | null, cookies: { setting: ThemeSetting | null; themeColorId: number | null }): Look {
  if (page?.own) return page.look
  return {
    setting: cookies.setting ?? page?.look.setting ?? DEFAULT_THEME,
    themeColorId: cookies.themeColorId ?? page?.look.themeColorId ?? 0,
  }
}

/**
 * Whether the page is dark (spec §4 Theme), for a minute of the viewer's day (0-1439): night
 * always; timed inside [start, end), where an end at or before the start is on the next day (a
 * window crossing midnight); follow-system as the system says. Self-contained on purpose: the
 * page's 10-second re-check runs this very function's source in the browser (THEME_SCRIPT).
 */
export function isDarkAt(theme: number, start: string, end: string, minute: number, systemDark: boolean): boolean {
  if (theme === 1) return true
  if (theme === 3) return systemDark
  if (theme !== 2 || !start || !end) return false
  const from = Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5))
  const to = Number(end.slice(0, 2)) * 60 + Number(end.slice(3, 5))
  return to > from ? minute >= from && minute < to : minute >= from || minute < to
}

/**
 * The browser's re-check of an automatic theme (timed, follow-system) every 10 s (spec §9), as a
 * tiny inline script in every page: the rule above with the browser's clock and media query, for
 * the theme <html> names (data-theme-mode, -start, -end), which React keeps current when the
 * viewer changes it in the drawer. Fixed themes are left alone.
 */
export const THEME_SCRIPT = `(function(f){var h=document.documentElement,q=matchMedia('(prefers-color-scheme: dark)');setInterval(function(){var d=h.dataset,t=Number(d.themeMode),n=new Date();if(t===2||t===3)h.setAttribute('data-theme',f(t,d.themeStart||'',d.themeEnd||'',n.getHours()*60+n.getMinutes(),q.matches)?'dark':'light')},1e4)})(${isDarkAt.toString()})`


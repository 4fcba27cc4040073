/** The most zones a cache keeps: a cookie can name any valid zone, not more. */
const MAX_CACHED_ZONES = 500

/**
 * A formatter per time zone, each made once: making an Intl.DateTimeFormat costs far more than
 * using it (it was 5% of the server's time on a minimal page). Throws as the constructor does
 * for a zone that does not exist.
 */
export function formatsByZone(locale: string, options: Intl.DateTimeFormatOptions) {
  const formats = new Map<string, Intl.DateTimeFormat>()
  return (timeZone: string) => {
    let format = formats.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      if (formats.size >= MAX_CACHED_ZONES) formats.clear()
      formats.set(timeZone, format)
    }
    return format
  }
}

/** Click counts as the spec abbreviates them: k above 1000, w (万) above 10000. */
export function formatClicks(count: number) {
  const trim = (value: number) => value.toFixed(1).replace(/\.0$/, '')
  if (count > 10_000) return `${trim(count / 10_000)}w`
  if (count > 1_000) return `${trim(count / 1_000)}k`
  return String(count)
}

/** A stable colour for a site's letter badge, until real icons arrive. */
export function badgeHue(text: string) {
  let hash = 0
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) % 360
  return hash
}

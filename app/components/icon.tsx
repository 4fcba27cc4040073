import type { CSSProperties } from 'react'
import { iconUrl } from '#app/icons/icon-url.ts'

/**
 * A library icon (`tabler:star`) in the colour of the text around it. The glyph is a CSS mask over
 * `currentColor`, taken from /resources/icons/…svg (same origin, cached for a year), so neither
 * the icon set nor inline SVG goes into the page's JavaScript or loader data. Decorative
 * (aria-hidden) unless `label` names it.
 */
export function Icon({
  name,
  size,
  label,
  className,
}: {
  name: string
  /** A number is pixels; a string any CSS length; 1.25em by default. */
  size?: number | string
  label?: string
  className?: string
}) {
  const url = iconUrl(name)
  const length = typeof size === 'number' ? `${size}px` : size
  // Only what differs per icon is inline; the mask itself is the `.icon` rule of app.css.
  const style = { '--icon': url ? `url("${url}")` : 'none', ...(length ? { width: length, height: length } : {}) } as CSSProperties
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  )
}

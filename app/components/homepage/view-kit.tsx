import type { CSSProperties } from 'react'
import type { Formats } from '#app/db/schema/index.ts'
import { Icon } from '#app/components/icon.tsx'
import { iconUrl } from '#app/icons/icon-url.ts'
import { isUploadPath, uploadImageSrc } from '#app/uploads/upload-path.ts'
import { badgeHue } from '#app/utils/format.ts'

// The role's capabilities are computed by the loader (capabilities.ts): the role table is not
// in a guest's JavaScript (ADR 015).
export type { Capabilities } from './capabilities.ts'
export { BLOCKED_MSG } from './blocked-link.ts'

export type { ViewKit } from './kit.ts'

/** A bookmark's (and its category's) format as inline styles; values were checked on the server. */
export function formatStyle(formats: Formats | undefined): CSSProperties | undefined {
  if (!formats) return undefined
  const style: CSSProperties = {}
  if (formats.color) style.color = formats.color
  if (formats.weight === 'bold') style.fontWeight = 'bold'
  if (formats.size) style.fontSize = formats.size
  if (formats.align) style.textAlign = formats.align as CSSProperties['textAlign']
  if (formats.style === 'italic') style.fontStyle = 'italic'
  if (formats.style === 'underline') style.textDecoration = 'underline'
  return style
}

export function mergeFormats(base: Formats | undefined, own: Formats | undefined) {
  return base && own ? { ...base, ...own } : (own ?? base)
}

const HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i

/**
 * An icon by reference: an uploaded image, a library icon (components/icon.tsx: a CSS mask,
 * only its URL inline), or nothing.
 */
export function RefIcon({ icon, className }: { icon: string | undefined; className?: string }) {
  if (!icon) return null
  if (isUploadPath(icon)) return <img className={`ico-img ${className ?? ''}`} src={uploadImageSrc(icon, 80)} alt="" loading="lazy" />
  return iconUrl(icon) ? <Icon name={icon} className={className} /> : null
}

/** The square in front of a bookmark: its icon, else its first letter on a colour of its site. */
export function Badge({ name, url, icon }: { name: string; url?: string; icon?: string }) {
  const hue = badgeHue(HOST.exec(url ?? '')?.[1] ?? name)
  const style = { '--hue': hue } as CSSProperties
  if (icon && (isUploadPath(icon) || iconUrl(icon))) {
    return (
      <i className="link-icon-ref" aria-hidden="true">
        <RefIcon icon={icon} />
      </i>
    )
  }
  // `.link > i` in app.css: the letter badge.
  return (
    <i aria-hidden="true" style={style}>
      {[...name][0] ?? '?'}
    </i>
  )
}

/** Badge colours in steps of 15°: a class (app.css .h0-.h23) is shorter than a style per link. */
const HUE_STEP = 15

/**
 * What a bookmark link of the list needs for its badge (items.tsx; drawn by app.css): its icon,
 * else its first letter on the colour class of its site.
 */
export function linkBadge(name: string, url: string | undefined, icon: string | undefined) {
  if (icon && (isUploadPath(icon) || iconUrl(icon))) return { icon: true, hue: undefined, letter: undefined }
  const hue = Math.round(badgeHue(HOST.exec(url ?? '')?.[1] ?? name) / HUE_STEP) % (360 / HUE_STEP)
  return { icon: false, hue: `h${hue}`, letter: [...name][0] ?? '?' }
}

/** A small management link: a plain link to the dialog's URL (opened in place with JS). */
export function ToolLink({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <a href={href} className="tool" data-dialog="" aria-label={label}>
      {children}
    </a>
  )
}

import type { CSSProperties } from 'react'
import { can, type Role } from '#app/auth/permissions.ts'
import type { Formats } from '#app/db/schema/index.ts'
import { Icon } from '#app/components/icon.tsx'
import { iconUrl } from '#app/icons/icon-url.ts'
import { isUploadPath, uploadImageSrc } from '#app/uploads/upload-path.ts'
import { badgeHue } from '#app/utils/format.ts'
import { dialogHref, type ManageDialog } from '#app/components/manage/dialog-href.ts'

/** Spec §8: what a blacklisted bookmark says when it is clicked. */
export const BLOCKED_MSG = '当前链接违规，无法访问'

/** What the owner may do here: computed once per render from the role (permissions.ts). */
export function capabilitiesOf(role: Role) {
  return {
    addLink: can(role, 'add-link'),
    /** A member adds links as contributions (the dialog says 贡献链接). */
    contribute: can(role, 'contribute-link'),
    editChildren: can(role, 'edit-children'),
    sortBookmarks: can(role, 'sort-bookmarks'),
    manageCategories: can(role, 'manage-categories'),
    manageModules: can(role, 'manage-modules'),
    star: can(role, 'star-bookmarks'),
    privacy: can(role, 'set-private'),
    /** Shortcut keys and their keymap popover (spec §5: the owner's, on their homepage). */
    useShortcuts: can(role, 'use-shortcuts'),
    /** 举报: for those who do not keep the links (guests are sent to sign in first). */
    report: role !== 'owner' && role !== 'manager',
  }
}
export type Capabilities = ReturnType<typeof capabilitiesOf>

/**
 * What every item of the view needs, passed down as one object (cheaper than a context lookup
 * per bookmark on a page of a thousand).
 */
export type ViewKit = {
  caps: Capabilities
  newTab: boolean
  childBadge: boolean
  /** Some owner control is shown at all. */
  anyTools: boolean
  /** URL of a management dialog on this page. */
  dialog: (name: ManageDialog, params?: Parameters<typeof dialogHref>[2]) => string
  /** Where the star and privacy forms post: this page's own action. */
  formAction: string
}

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

/** A small management link: a plain link to the dialog's URL (opened in place with JS). */
export function ToolLink({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <a href={href} className="tool" data-dialog="" aria-label={label}>
      {children}
    </a>
  )
}

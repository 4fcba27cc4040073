import { DEFAULT_LAYOUT } from '#app/schemas/homepage.ts'
import type { z } from '#app/schemas/zod.ts'
import { BOOKMARK_STYLES, ENGINE_BG_SIZES, LAYOUT_FIELDS, type LayoutField, PAGE_WIDTH_TYPES, type PageWidthType } from '#app/schemas/layout.ts'

export type AnchorPosition = 'left' | 'right' | 'top' | 'none'
export type SidebarPosition = 'left' | 'right' | 'none'

/**
 * How a start page is laid out (spec §3 Layout config, §4 Layout mode), as the server renders it:
 * a few data attributes and custom properties on the page's wrapper (homepage-view.tsx, drawn by
 * homepage/layout.css) and one small style element for the root font and page width, never
 * anything per bookmark (PERFORMANCE.md budget 4).
 */
export type PageLayout = {
  mode: 'default' | 'focus' | 'screen' | 'simple'
  anchor: AnchorPosition
  sidebar: SidebarPosition
  newTab: boolean
  childBadge: boolean
  folderBadge: boolean
  /** Rows of bookmarks a category shows before it scrolls (save-max-column). */
  maxRows: number
  /** The start page's search-engine box (null when hidden or on a module page), `fixes` on scroll. */
  engine: { fixes: boolean } | null
  /** websiteVisible: the bookmarks are shown. */
  website: boolean
  /** The wrapper's data-* attributes (their names without `data-`). */
  attrs: Record<string, string>
  /** The wrapper's custom properties. */
  vars: Record<string, string | number>
  /** `:root` font size and `.page` width when not the defaults, else null. */
  css: string | null
}

/** A field's stored value if it still passes its rule, else its default (an old or tampered value). */
function valueOf<F extends LayoutField>(layout: Record<string, unknown>, field: F) {
  const parsed = LAYOUT_FIELDS[field].safeParse(layout[field])
  return (parsed.success ? parsed.data : (DEFAULT_LAYOUT as Record<string, unknown>)[field]) as z.output<(typeof LAYOUT_FIELDS)[F]>
}

/** Flags of the wrapper and the value that sets each. */
const FLAGS = { websitePrivacy: true, websiteRememberCid: true, moduleRememberTab: true, bookmarkFolderBadge: false } as const
const FLAG_NAMES = { websitePrivacy: 'privacy', websiteRememberCid: 'remember-cid', moduleRememberTab: 'remember-tab', bookmarkFolderBadge: 'no-folder-badge' } as const

const known = <T extends readonly { value: string }[]>(list: T, value: string) => list.find((o) => o.value === value)?.value ?? 'default'

/**
 * The layout a viewer sees: the homepage's config (a guest's cookie over it, by the caller),
 * this device's page width, and who is looking (simple mode is for signed-in users, spec §4).
 */
export function pageLayoutOf(
  layout: Record<string, unknown>,
  options: { pageWidth: PageWidthType; signedIn: boolean; startPage: boolean },
): PageLayout {
  const chosen = valueOf(layout, 'mode')
  const mode = chosen === 'simple' && !options.signedIn ? 'default' : chosen
  // Spec §4: default and simple show the background over the whole page; focus and screen keep the chosen area.
  const backgroundArea = mode === 'default' || mode === 'simple' ? 'full' : valueOf(layout, 'backgroundArea')
  const rootFontSize = valueOf(layout, 'rootFontSize')
  // Screen mode is a full-width route (spec §2); otherwise this device's width type. The header's
  // row (site-header.tsx) keeps to the page's width, so that 全屏 fills the screen from the header down.
  const width = mode === 'screen' ? '100%' : PAGE_WIDTH_TYPES.find((t) => t.value === options.pageWidth)!.width
  const rules = [
    rootFontSize !== DEFAULT_LAYOUT.rootFontSize ? `:root{font-size:${rootFontSize}px}` : '',
    width !== PAGE_WIDTH_TYPES[0].width ? `.page{max-width:${width}}.site-header-inner{max-width:${width}}` : '',
  ].join('')
  // On/off settings the page's style and scripts read from the wrapper: data-flags="privacy remember-tab …".
  const flags = Object.entries(FLAGS)
    .filter(([field, on]) => valueOf(layout, field as keyof typeof FLAGS) === on)
    .map(([field]) => FLAG_NAMES[field as keyof typeof FLAGS])
  const borderColor = valueOf(layout, 'cardBorderColor')
  const bgColor = valueOf(layout, 'cardBgColor')
  return {
    mode,
    anchor: valueOf(layout, 'anchorPosition'),
    sidebar: valueOf(layout, 'sidebarPosition'),
    newTab: valueOf(layout, 'bookmarkOpenNewTab'),
    childBadge: valueOf(layout, 'bookmarkChildBadge'),
    folderBadge: valueOf(layout, 'bookmarkFolderBadge'),
    maxRows: valueOf(layout, 'maxColumnHeight'),
    engine: options.startPage && valueOf(layout, 'engineVisible') && mode !== 'simple' ? { fixes: mode === 'default' } : null,
    website: valueOf(layout, 'websiteVisible'),
    attrs: {
      mode,
      'link-style': known(BOOKMARK_STYLES, valueOf(layout, 'websiteBookmarkStyle')),
      border: String(valueOf(layout, 'cardBorderWidth')),
      banner: valueOf(layout, 'bannerMode'),
      'bg-area': backgroundArea,
      nav: valueOf(layout, 'navigationDisplay'),
      'engine-bg': known(ENGINE_BG_SIZES, valueOf(layout, 'engineBgSize')),
      ...(flags.length ? { flags: flags.join(' ') } : {}),
    },
    vars: {
      '--max-rows': valueOf(layout, 'maxColumnHeight'),
      '--site-link-columns': valueOf(layout, 'websiteBookmarkColumn'),
      ...(mode === 'screen' ? { '--screen-slider-width': valueOf(layout, 'screenSliderWidth') } : {}),
      ...(borderColor ? { '--card-border-color': borderColor } : {}),
      ...(bgColor ? { '--card-bg': bgColor } : {}),
    },
    css: rules || null,
  }
}

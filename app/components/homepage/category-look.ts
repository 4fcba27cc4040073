import type { Formats } from '#app/db/schema/index.ts'
import type { BagView, ItemView } from '#app/services/homepage.server.ts'
import type { Capabilities } from './capabilities.ts'

// The rules of how a category and its bookmarks look, shared by the list's two drawings: React's
// (homepage-body.tsx, items.tsx: the browser's, after a navigation or a save) and the server's
// HTML function (app/page-cache/category-html.server.ts), which must give the same markup.

/** A category's heading tag at `level` (h3 under a module's h2, deeper for sub-categories). */
export const headingTag = (level: number) => `h${Math.min(level, 6)}` as 'h2'

/** The classes of a category and of its list of bookmarks, from its card settings and its module's type. */
export function categoryLook(bag: BagView, moduleType: number, sub: boolean) {
  const card = bag.card
  const tiles = moduleType === 2 || card?.linkStyle === 'card' || card?.linkStyle === 'image'
  const listClass = [
    'link-grid',
    tiles ? 'link-grid-tiles' : '',
    card?.linkStyle === 'text' || card?.linkStyle === 'simple' ? 'link-grid-text' : '',
    card?.linkColumn ? 'link-grid-columns' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const span = card?.column && card.column >= 3 ? ' category-span-full' : card?.column === 2 ? ' category-span-2' : card?.column === 1 ? ' category-span-1' : ''
  return {
    sectionClass: `category${sub ? ' category-sub' : ''}${tiles ? ' category-tiles' : ''}${span}`,
    listClass,
    // How many bookmarks it holds (a row's worth at most: its own links per row, else the page's):
    // a small category asks for less of the module's row (app.css .categories).
    share: span || sub ? undefined : categoryShare(bag),
    linkColumns: card?.linkColumn,
  }
}

function categoryShare(bag: BagView) {
  const vars: Record<string, number> = { '--n': bag.children?.length ? 12 : Math.min(bag.items.length, 12) }
  if (bag.card?.linkColumn) vars['--site-link-columns'] = bag.card.linkColumn
  return vars
}

/** Who may add a link here, and in which word: 添加链接, or 贡献链接 for a contributing member. */
export const addWord = (caps: Capabilities) => (caps.addLink ? '添加链接' : caps.contribute ? '贡献链接' : null)

/** A divider's line, alignment and colour. */
export function dividerLook(formats: Formats | undefined) {
  const align = formats?.align ?? 'center'
  const line = formats?.style === 'dashed' || formats?.style === 'double' ? formats.style : 'solid'
  return { className: `divider divider-${line} divider-${align}`, color: formats?.color }
}

/** A folder's count: its bookmarks, not its dividers. */
export const folderCount = (item: ItemView) => (item.children ?? []).filter((child) => child.type !== 'divider').length

/**
 * Whether a name may be cut on the page: it wraps to two lines first (app.css), and two lines of
 * a narrow column hold about 16 half-width characters (a CJK or full-width one counts two), fewer
 * where a long word breaks.
 */
export function mayBeCut(name: string) {
  let width = 0
  for (const char of name) width += char.codePointAt(0)! >= 0x1100 ? 2 : 1
  return width > 16
}

/**
 * A bookmark's tooltip: its note, and before it the full name and the address when the name may be
 * cut. Not on every bookmark (PERFORMANCE.md budget 4, ADR 028): a short name is shown whole, the
 * address is the link's own (the browser shows it on hover and screen readers read it).
 */
export function linkTitle(item: ItemView) {
  const lines = mayBeCut(item.name) ? [item.name, item.url] : []
  if (item.note) lines.push(item.note)
  return lines.length ? lines.join('\n') : undefined
}

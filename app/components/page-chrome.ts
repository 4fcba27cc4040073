import type { SidebarPosition } from '#app/components/homepage/page-layout.ts'

/**
 * What a page's loader may ask of the page chrome (its `chrome` field, read by the root's shell):
 * where the engine box is (in the header, in the page, or hidden by the homepage's settings), and
 * whether the page has the bookmark-order switcher the side button leads to.
 */
export type PageChrome = {
  engine: 'header' | 'page' | 'hidden'
  sort: boolean
  /** The viewer owns the homepage shown: keyboard shortcuts are on (spec §5 Keymap). */
  shortcuts: boolean
  /** A start page's sidebarPosition, and whether the side buttons open its layout drawer (a guest's). */
  layout?: { sidebar: SidebarPosition; drawer: boolean }
}

/** The homepage's bookmark-order disclosure (homepage-view.tsx SortSwitcher), the sort button's target. */
export const SORT_SWITCHER_ID = 'sort-switcher'

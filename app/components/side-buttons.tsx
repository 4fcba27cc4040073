import type { MouseEvent } from 'react'
import { useScrolledPast } from '#app/utils/use-scrolled-past.ts'

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
}

/** The homepage's bookmark-order disclosure (homepage-view.tsx SortSwitcher), the sort button's target. */
export const SORT_SWITCHER_ID = 'sort-switcher'

/**
 * Opens the bookmark-order disclosure and puts focus on it; without JavaScript the link only
 * scrolls there, and its summary opens it.
 */
function openSortSwitcher(event: MouseEvent<HTMLAnchorElement>) {
  const details = document.getElementById(SORT_SWITCHER_ID)
  if (!(details instanceof HTMLDetailsElement)) return
  event.preventDefault()
  details.open = true
  details.scrollIntoView({ block: 'center' })
  details.querySelector('summary')?.focus()
}

/**
 * The fixed side buttons (spec §2), those whose target exists, as plain links: 书签排序 where the
 * page has its bookmark-order switcher, and 回到顶部 (to #main), which JavaScript shows only past
 * 180 px of scroll (spec §4) and which is always there without it. The AI search, note, theme and
 * help buttons join them with their features.
 */
export function SideButtons({ sort }: { sort: boolean }) {
  const scrolled = useScrolledPast()
  return (
    <nav className="side-buttons" aria-label="快捷按钮">
      {sort ? (
        <a href={`#${SORT_SWITCHER_ID}`} className="side-button" onClick={openSortSwitcher}>
          书签排序
        </a>
      ) : null}
      <a href="#main" className="side-button" hidden={scrolled === false}>
        回到顶部
      </a>
    </nav>
  )
}

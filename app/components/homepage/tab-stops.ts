import { ITEM_MENU_LINK } from '#app/components/manage/dialog-href.ts'
import { moveRoving, tidyRoving } from '#app/utils/roving-focus.ts'

/** A bookmark's menu link beside a focusable bookmark (a link, a folder); a note's or a divider's stays in the Tab order. */
const BESIDE_FOCUSABLE = `li:has(> a:first-child, > details:first-child) > ${ITEM_MENU_LINK}`
const MODULE_TABS = '.module-tabs a'

let listening = false
/** What the pointer last pressed: a ⋯ it clicks keeps its focus. */
let pressed: EventTarget | null = null

/**
 * With JavaScript a start page costs one Tab stop per thing, not per bookmark (issue 22, ADR
 * 030): a bookmark's ⋯ menu leaves the Tab order and opens from the focused bookmark with the
 * menu key or Shift+F10; the module tabs are one stop, the arrow keys move among them. Without
 * JavaScript they all stay plain links in the Tab order. Run after every drawing of the list (a
 * list React draws anew has its links in the Tab order again); loaded by the start page once it
 * is drawn, not part of its first script (PERFORMANCE.md budget 5).
 */
export function tidyTabStops() {
  if (!listening) {
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', (event) => (pressed = event.target), true)
    document.addEventListener('focusin', backToBookmark)
  }
  listening = true
  for (const menu of document.querySelectorAll(BESIDE_FOCUSABLE)) {
    menu.setAttribute('tabindex', '-1')
    const bookmark = menu.parentElement!.firstElementChild!
    ;(bookmark.matches('details') ? bookmark.querySelector('summary')! : bookmark).setAttribute('aria-keyshortcuts', 'Shift+F10')
  }
  tidyRoving([...document.querySelectorAll<HTMLElement>(MODULE_TABS)])
}

/** A bookmark's ⋯ given focus by a script (its dialog closing) hands it to its bookmark, where Shift+F10 opened it. */
function backToBookmark(event: FocusEvent) {
  const menu = event.target as Element
  if (menu === pressed || !menu.matches?.(BESIDE_FOCUSABLE)) return
  const bookmark = menu.parentElement!.firstElementChild!
  ;(bookmark.querySelector('summary') ?? (bookmark as HTMLElement)).focus()
}

/** A bookmark's menu, and moving among the module tabs. */
function onKey(event: KeyboardEvent) {
  const target = event.target as HTMLElement
  if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
    const item = target.closest?.('.homepage li')
    const menu = item?.querySelector<HTMLElement>(`:scope > ${ITEM_MENU_LINK}`)
    if (!menu) return
    event.preventDefault()
    menu.click()
    return
  }
  if (target.matches?.(MODULE_TABS)) moveRoving(event, [...document.querySelectorAll<HTMLElement>(MODULE_TABS)])
}

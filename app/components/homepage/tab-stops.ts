import type { KeyboardEvent } from 'react'
import { ITEM_MENU_LINK } from '#app/components/manage/dialog-href.ts'

/** A bookmark's menu link beside a focusable bookmark (a link, a folder); a note's or a divider's stays in the Tab order. */
const BESIDE_FOCUSABLE = `li:has(> a:first-child, > details:first-child) > ${ITEM_MENU_LINK}`
const MODULE_TABS = '.module-tabs a'
const ROVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End'])

/**
 * With JavaScript a start page costs one Tab stop per thing, not per bookmark (issue 22): a
 * bookmark's ⋯ menu leaves the Tab order and opens from the focused bookmark with the menu key or
 * Shift+F10 (onTabStopKey); the module tabs are one stop, the arrow keys move among them.
 * Without JavaScript they all stay plain links in the Tab order. Run after every drawing of the
 * list: a list React draws anew has its links in the Tab order again.
 */
export function tidyTabStops() {
  for (const menu of document.querySelectorAll(BESIDE_FOCUSABLE)) {
    menu.setAttribute('tabindex', '-1')
    const bookmark = menu.parentElement!.firstElementChild!
    ;(bookmark.matches('details') ? bookmark.querySelector('summary')! : bookmark).setAttribute('aria-keyshortcuts', 'Shift+F10')
  }
  const tabs = [...document.querySelectorAll(MODULE_TABS)]
  if (!tabs.some((tab) => tab.getAttribute('tabindex') === '0')) tabs.forEach((tab, i) => tab.setAttribute('tabindex', i ? '-1' : '0'))
}

/** The start page's keys (one listener on its wrapper): a bookmark's menu, and moving among the module tabs. */
export function onTabStopKey(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement
  if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
    const menu = target.closest('li')?.querySelector<HTMLElement>(`:scope > ${ITEM_MENU_LINK}`)
    if (!menu || menu.parentElement !== target.closest('li')) return
    event.preventDefault()
    menu.click()
    return
  }
  if (!ROVING_KEYS.has(event.key) || !target.matches(MODULE_TABS) || event.altKey || event.ctrlKey || event.metaKey) return
  const tabs = [...document.querySelectorAll<HTMLElement>(MODULE_TABS)]
  const at = tabs.indexOf(target)
  const last = tabs.length - 1
  const next = tabs[{ Home: 0, End: last, ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1 }[event.key]!]!
  event.preventDefault()
  for (const tab of tabs) tab.setAttribute('tabindex', tab === next ? '0' : '-1')
  next.focus()
}

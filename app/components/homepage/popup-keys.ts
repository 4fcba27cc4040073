import { BOOKMARK_LINKS, MENU, MENUS, POPUPS } from './popup-selectors.ts'

const OPEN_POPUPS = POPUPS.split(', ').map((s) => `${s}[open]`).join(', ')
const OPEN_MENUS = MENUS.map((s) => `${s}[open]`).join(', ')
const MENU_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End'])

const menuItems = (menu: Element) => [...menu.querySelectorAll<HTMLElement>('.menu a, .menu button')]

/**
 * A bookmark whose name the page cut (two lines, app.css) gets the full name and address as its
 * tooltip, once, before the note if it has one. The server adds them only where it guesses a cut
 * (category-look.ts mayBeCut); the page itself knows.
 */
function titleIfCut(target: Element | null) {
  const link = target?.closest?.<HTMLAnchorElement>(BOOKMARK_LINKS)
  if (!link || link.dataset.cutChecked !== undefined) return
  link.dataset.cutChecked = ''
  const name = link.textContent!.trim()
  const cut = link.scrollHeight > link.clientHeight + 1 || link.scrollWidth > link.clientWidth + 1
  if (cut && !link.title.startsWith(name)) link.title = [name, link.href, link.title].filter(Boolean).join('\n')
}

/**
 * One popup open at a time; a click elsewhere or Escape closes it (Escape puts focus back on its
 * summary); focus leaving a menu closes it; in a menu ArrowDown / ArrowUp / Home / End
 * move among its items (from the summary ArrowDown opens it at the first, ArrowUp at the last).
 * Listeners on the document: they work the same on the list React rendered and on the server's
 * HTML it kept. A cut bookmark name gets its tooltip on the way (titleIfCut), starting with
 * `reached`, the element whose pointer or focus loaded this code. Returns their removal.
 */
export function installPopups(reached?: Element) {
  const closeAll = (except?: Element | null) => {
    for (const open of document.querySelectorAll<HTMLDetailsElement>(OPEN_POPUPS)) {
      if (!except || !open.contains(except)) open.open = false
    }
  }
  const onClick = (event: MouseEvent) => closeAll(event.target as Element)
  // `toggle` does not bubble: listened to in the capture phase.
  const onToggle = (event: Event) => {
    const details = event.target as HTMLDetailsElement
    if (details.open && details.matches?.(POPUPS)) closeAll(details)
  }
  const onPointerOver = (event: PointerEvent) => titleIfCut(event.target as Element)
  const onFocusIn = (event: FocusEvent) => {
    const to = event.target as Element
    for (const open of document.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)) if (!open.contains(to)) open.open = false
  }
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null
    if (event.key === 'Escape') {
      const current = target?.closest?.(OPEN_POPUPS)
      closeAll()
      current?.querySelector('summary')?.focus()
      return
    }
    const menu = target?.closest?.<HTMLDetailsElement>(MENU)
    if (!menu || !MENU_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return
    const items = menuItems(menu)
    const at = items.indexOf(target!)
    if (!items.length || (at === -1 && !menu.open && (event.key === 'Home' || event.key === 'End'))) return
    event.preventDefault()
    menu.open = true
    const last = items.length - 1
    const next = { Home: 0, End: last, ArrowDown: at === last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1 }[event.key]!
    items[next]!.focus()
  }
  document.addEventListener('click', onClick)
  document.addEventListener('toggle', onToggle, true)
  document.addEventListener('pointerover', onPointerOver)
  document.addEventListener('focusin', onFocusIn)
  document.addEventListener('keydown', onKey)
  titleIfCut(reached ?? null)
  // Said on the page, for whoever must wait for the keys to work (the e2e tests: a key pressed
  // before this code has come does nothing).
  document.documentElement.dataset.popupKeys = ''
  return () => {
    delete document.documentElement.dataset.popupKeys
    document.removeEventListener('click', onClick)
    document.removeEventListener('toggle', onToggle, true)
    document.removeEventListener('pointerover', onPointerOver)
    document.removeEventListener('focusin', onFocusIn)
    document.removeEventListener('keydown', onKey)
  }
}

/**
 * A roving tabindex (WAI-ARIA APG): a row of links is one Tab stop, ←/→ (Home, End) move among
 * them. Used by the start page's module tabs (homepage/tab-stops.ts) and the header's main menu
 * (use-roving-focus.ts). Without JavaScript nothing here runs: every entry stays in the Tab order.
 */

export const ROVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End'])

/** One item in the Tab order (the one last moved to, else the first), the others out of it. */
export function tidyRoving(items: readonly HTMLElement[]) {
  const current = items.find((item) => item.getAttribute('tabindex') === '0') ?? items[0]
  for (const item of items) {
    const stop = item === current ? '0' : '-1'
    if (item.getAttribute('tabindex') !== stop) item.setAttribute('tabindex', stop)
  }
}

/** Moves focus among `items` for an arrow, Home or End key on one of them; answers whether it did. */
export function moveRoving(event: KeyboardEvent, items: readonly HTMLElement[]) {
  const at = items.indexOf(event.target as HTMLElement)
  if (at === -1 || !ROVING_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false
  const last = items.length - 1
  const next = items[{ Home: 0, End: last, ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1 }[event.key]!]!
  event.preventDefault()
  for (const item of items) item.setAttribute('tabindex', item === next ? '0' : '-1')
  next.focus()
  return true
}

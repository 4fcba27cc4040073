import { type RefObject, useEffect } from 'react'
import { moveRoving, tidyRoving } from './roving-focus.ts'

/**
 * Makes the `selector` items inside `ref` one Tab stop, ←/→ (Home, End) moving among them
 * (roving-focus.ts, as the module tabs). Items drawn later (a lazy part replacing one) are put
 * in order as they come. The server's HTML has them all in the Tab order, which is the page
 * without JavaScript.
 */
export function useRovingFocus(ref: RefObject<HTMLElement | null>, selector: string) {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    // Those drawn: an entry a narrow screen leaves out (更多 on a phone) is no stop.
    const items = () => [...root.querySelectorAll<HTMLElement>(selector)].filter((item) => item.getClientRects().length > 0)
    tidyRoving(items())
    const observer = new MutationObserver(() => tidyRoving(items()))
    observer.observe(root, { childList: true, subtree: true })
    const onKey = (event: KeyboardEvent) => void moveRoving(event, items())
    root.addEventListener('keydown', onKey)
    return () => {
      observer.disconnect()
      root.removeEventListener('keydown', onKey)
    }
  }, [ref, selector])
}

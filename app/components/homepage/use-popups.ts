import { useEffect } from 'react'
import { POPUPS } from './popup-selectors.ts'

/**
 * The popups' behaviour (popup-keys.ts), loaded when a popup is first reached: a pointer over
 * it or focus on it comes before the click or key that opens it; a page whose popups are never
 * used never loads it (issue 14 item 5: JavaScript where used).
 */
export function usePopups() {
  useEffect(() => {
    let uninstall: (() => void) | undefined
    let cancelled = false
    // Keys pressed in a popup while its code is on the way (a fast keyboard, a slow network) are
    // held and given to it once it has come, not lost.
    const early: KeyboardEvent[] = []
    const hold = (event: KeyboardEvent) => {
      if (!HELD_KEYS.has(event.key) || !(event.target as Element | null)?.closest?.(POPUPS)) return
      event.preventDefault()
      early.push(event)
    }
    const reached = (event: Event) => {
      if (!(event.target as Element | null)?.closest?.(POPUPS)) return
      stop()
      document.addEventListener('keydown', hold, true)
      void import('./popup-keys.ts').then(({ installPopups }) => {
        document.removeEventListener('keydown', hold, true)
        if (cancelled) return
        uninstall = installPopups()
        for (const event of early.splice(0)) event.target!.dispatchEvent(new KeyboardEvent('keydown', event))
      })
    }
    const events = ['pointerover', 'focusin', 'toggle'] as const
    const stop = () => events.forEach((name) => document.removeEventListener(name, reached, true))
    events.forEach((name) => document.addEventListener(name, reached, true))
    return () => {
      cancelled = true
      stop()
      document.removeEventListener('keydown', hold, true)
      uninstall?.()
    }
  }, [])
}

/** The keys popup-keys.ts answers (Enter and Space open a `<details>` by themselves). */
const HELD_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape'])

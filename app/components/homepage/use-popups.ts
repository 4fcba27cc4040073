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
    const reached = (event: Event) => {
      if (!(event.target as Element | null)?.closest?.(POPUPS)) return
      stop()
      void import('./popup-keys.ts').then(({ installPopups }) => {
        if (!cancelled) uninstall = installPopups()
      })
    }
    const events = ['pointerover', 'focusin', 'toggle'] as const
    const stop = () => events.forEach((name) => document.removeEventListener(name, reached, true))
    events.forEach((name) => document.addEventListener(name, reached, true))
    return () => {
      cancelled = true
      stop()
      uninstall?.()
    }
  }, [])
}

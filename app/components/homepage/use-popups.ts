import { useEffect } from 'react'

/**
 * The popups' behaviour (popup-keys.ts, with the tooltips of cut bookmark names), loaded at the
 * first pointer or focus on the page: that comes before the click or key that opens a popup, and
 * a page nobody touches never loads it (issue 14 item 5: JavaScript where used). No selector here:
 * every byte of this hook is on every page (PERFORMANCE.md budget 5).
 */
export function usePopups() {
  useEffect(() => {
    let uninstall: (() => void) | undefined
    let cancelled = false
    const reached = (event: Event) => {
      stop()
      void import('./popup-keys.ts').then(({ installPopups }) => {
        if (!cancelled) uninstall = installPopups(event.target as Element)
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

import { useCallback, useEffect, useRef, useState } from 'react'

export type ToastView = { type: 'success' | 'info' | 'warning' | 'error'; msg: string }

const TOAST_MS = 3_000
const TOAST_EVENT = 'qiye:toast'

/** Shows a message in the toast region from the browser (no round trip), e.g. 当前链接违规，无法访问. */
export function showToast(toast: ToastView) {
  window.dispatchEvent(new CustomEvent<ToastView>(TOAST_EVENT, { detail: toast }))
}

/**
 * Shows the flash message of the last POST/redirect/GET; it reads well without JS too. A message
 * stays its 3 s: a later render without one (a fetcher's revalidation right after a sign-up, say)
 * does not take it away early.
 */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const [visible, setVisible] = useState(toast)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const show = useCallback((next: ToastView) => {
    setVisible(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setVisible(null), TOAST_MS)
  }, [])
  useEffect(() => {
    if (toast) show(toast)
  }, [toast, show])
  useEffect(() => {
    // A fresh object, so the same message twice is announced twice.
    const onToast = (event: Event) => show({ ...(event as CustomEvent<ToastView>).detail })
    addEventListener(TOAST_EVENT, onToast)
    return () => {
      removeEventListener(TOAST_EVENT, onToast)
      clearTimeout(timer.current)
    }
  }, [show])
  return (
    <div className="toaster" role="status" aria-live="polite">
      {visible ? <p className={`toast toast-${visible.type}`}>{visible.msg}</p> : null}
    </div>
  )
}

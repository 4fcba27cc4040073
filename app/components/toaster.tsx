import { useEffect, useState } from 'react'

export type ToastView = { type: 'success' | 'info' | 'warning' | 'error'; msg: string }

const TOAST_MS = 3_000

/** Shows the flash message of the last POST/redirect/GET; it reads well without JS too. */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const [visible, setVisible] = useState(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])
  return (
    <div className="toaster" role="status" aria-live="polite">
      {visible ? <p className={`toast toast-${visible.type}`}>{visible.msg}</p> : null}
    </div>
  )
}

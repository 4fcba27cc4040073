import { useEffect, useState } from 'react'

export type ToastView = { type: 'success' | 'info' | 'warning' | 'error'; msg: string }

const TOAST_MS = 3_000
const TOAST_EVENT = 'qiye:toast'

/** Shows a message in the toast region from the browser (no round trip), e.g. 当前链接违规，无法访问. */
export function showToast(toast: ToastView) {
  window.dispatchEvent(new CustomEvent<ToastView>(TOAST_EVENT, { detail: toast }))
}

/** Shows the flash message of the last POST/redirect/GET; it reads well without JS too. */
export function Toaster({ toast }: { toast: ToastView | null }) {
  const [visible, setVisible] = useState(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast])
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onToast = (event: Event) => {
      const detail = (event as CustomEvent<ToastView>).detail
      // A fresh object, so the same message twice is announced twice.
      setVisible({ ...detail })
      clearTimeout(timer)
      timer = setTimeout(() => setVisible(null), TOAST_MS)
    }
    window.addEventListener(TOAST_EVENT, onToast)
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast)
      clearTimeout(timer)
    }
  }, [])
  return (
    <div className="toaster" role="status" aria-live="polite">
      {visible ? <p className={`toast toast-${visible.type}`}>{visible.msg}</p> : null}
    </div>
  )
}

import { redirect } from 'react-router'
import { z } from 'zod'
import { readCookie, serializeCookie } from './http.server.ts'

/** Read by the page cache too: a page with a toast is shown once, never kept. */
export const TOAST_COOKIE = 'qy_toast'
const ToastSchema = z.object({
  type: z.enum(['success', 'info', 'warning', 'error']).default('success'),
  msg: z.string().max(200),
})
export type Toast = z.infer<typeof ToastSchema>

/** A one-shot message that survives the redirect of POST/redirect/GET (works without JS). */
export function toastCookie(toast: Toast) {
  return serializeCookie(TOAST_COOKIE, JSON.stringify(toast), { maxAge: 60 })
}

export function redirectWithToast(url: string, toast: Toast, headers: HeadersInit = {}) {
  const all = new Headers(headers)
  all.append('Set-Cookie', toastCookie(toast))
  return redirect(url, { headers: all })
}

/** The pending toast and the header that clears it. */
export function takeToast(request: Request): { toast: Toast | null; clear: string | null } {
  const raw = readCookie(request, TOAST_COOKIE)
  if (raw === undefined) return { toast: null, clear: null }
  let toast: Toast | null = null
  try {
    toast = ToastSchema.parse(JSON.parse(raw))
  } catch {
    toast = null
  }
  return { toast, clear: serializeCookie(TOAST_COOKIE, '', { maxAge: 0 }) }
}

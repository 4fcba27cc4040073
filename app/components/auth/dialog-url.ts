/**
 * URLs of the login / register dialog (`?dialog=login|register`). Kept apart from the form so
 * that links to the dialog don't pull the form's validation code into every page's JavaScript.
 */
export type EmailMode = 'login' | 'register'
/** `wechat`: the messaging-app QR view (spec §2: titles 登录, 注册, 微信登录). */
export type AuthMode = EmailMode | 'wechat'


/** The same location with `dialog` set to another value (or removed with null). */
export function withDialog(location: { pathname: string; search: string }, dialog: string | null) {
  const params = new URLSearchParams(location.search)
  if (dialog) params.set('dialog', dialog)
  else params.delete('dialog')
  const search = params.toString()
  return `${location.pathname}${search ? `?${search}` : ''}`
}

export const isAuthMode = (dialog: string | null): dialog is AuthMode => dialog === 'login' || dialog === 'register' || dialog === 'wechat'

export function dialogMode(search: string): AuthMode | null {
  const dialog = new URLSearchParams(search).get('dialog')
  return isAuthMode(dialog) ? dialog : null
}

/** The sign-in page for a guest, coming back to `path` (a path of ours: the login route checks it again). */
export function signInHref(path: string) {
  return `/login?redirectTo=${encodeURIComponent(path)}`
}

/** The path and query of a URL: where a guest comes back to after signing in. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`

/**
 * Where every new account goes first (sign-up by e-mail, a first social or WeChat sign-in): the
 * choice of how the homepage starts (routes/welcome.tsx). `redirectTo`, where the sign-up began,
 * is kept for the page's way back; '/' (the new homepage itself) needs none.
 */
export function welcomeHref(redirectTo: string) {
  return redirectTo === '/' ? '/welcome' : `/welcome?redirectTo=${encodeURIComponent(redirectTo)}`
}

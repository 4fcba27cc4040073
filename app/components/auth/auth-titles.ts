import type { AuthMode } from './dialog-url.ts'

/** The dialog's titles (spec §2). Apart from dialog-url.ts, so that guest pages' JavaScript does not carry them (nor the link below). */
export const AUTH_TITLES: Record<AuthMode, string> = { login: '登录', register: '注册', wechat: '微信登录' }

/** The QR page of WeChat sign-in (no JavaScript needed), coming back to `redirectTo`. */
export const wechatLoginHref = (redirectTo: string) => `/login?${new URLSearchParams({ mode: 'wechat', redirectTo })}`

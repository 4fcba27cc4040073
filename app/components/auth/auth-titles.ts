import type { AuthMode } from './dialog-url.ts'

/** The dialog's titles (spec §2). Apart from dialog-url.ts, so that guest pages' JavaScript does not carry them. */
export const AUTH_TITLES: Record<AuthMode, string> = { login: '登录', register: '注册', wechat: '微信登录' }

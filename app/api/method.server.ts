import { apiFail } from './envelope.server.ts'

/** GET on a call that changes state: refused, never performed (SECURITY.md §4 F48). */
export const postOnly = () => apiFail('请求方法不允许', { status: 405 })

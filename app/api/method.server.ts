import { apiFail } from './envelope.server.ts'

const wrongMethod = () => apiFail('请求方法不允许', { status: 405 })

/** GET on a call that changes state: refused, never performed (SECURITY.md §4 F48). */
export const postOnly = wrongMethod
/** A POST on a read: the envelope instead of React Router's bare 405. */
export const getOnly = wrongMethod

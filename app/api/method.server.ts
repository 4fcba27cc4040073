import { WRONG_METHOD_MSG } from '#app/middleware/method-guard.server.ts'
import { apiFail } from './envelope.server.ts'

/** A 405 in the envelope, with the methods the call does take (docs/api.md §11.1). */
export const methodNotAllowed = (allow: string) => apiFail(WRONG_METHOD_MSG, { status: 405, headers: { Allow: allow } })

/** GET on a call that changes state: refused, never performed (SECURITY.md §4 F48). */
export const postOnly = () => methodNotAllowed('POST')
/** A POST on a read: the envelope instead of React Router's bare 405. */
export const getOnly = () => methodNotAllowed('GET, HEAD')

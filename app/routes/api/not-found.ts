import { apiFail } from '#app/api/envelope.server.ts'

/** An /api path the contract does not have: the envelope, with HTTP 404. */
const notFound = () => apiFail('接口不存在', { status: 404 })
export const loader = notFound
export const action = notFound

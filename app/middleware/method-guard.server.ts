import { data, type MiddlewareFunction } from 'react-router'

/** What a page takes: GET and HEAD its loader, POST its action. */
export const PAGE_METHODS = 'GET, HEAD, POST'
const ALLOWED = new Set(PAGE_METHODS.split(', '))
export const WRONG_METHOD_MSG = '请求方法不允许'

const refused = (request: Request) => !ALLOWED.has(request.method) && !new URL(request.url).pathname.startsWith('/api/')

/**
 * React Router runs a route's action for PUT, PATCH and DELETE too (OPTIONS it refuses itself),
 * so they would act as a POST: refused here with our 405 page and `Allow`. /api calls
 * refuse theirs in the envelope, each with its own `Allow` (app/api/calls.server.ts).
 * Two steps because the error page thrown by a middleware loses the thrown response's headers:
 * the outer one adds `Allow` to the page the inner one's refusal became.
 */
export const methodGuard: MiddlewareFunction<Response>[] = [
  async ({ request }, next) => {
    const response = await next()
    if (refused(request)) response.headers.set('Allow', PAGE_METHODS)
    return response
  },
  async ({ request }, next) => {
    if (refused(request)) throw data(WRONG_METHOD_MSG, { status: 405 })
    return next()
  },
]

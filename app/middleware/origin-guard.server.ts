import { data, type MiddlewareFunction } from 'react-router'
import { apiFail } from '#app/api/envelope.server.ts'
import { readSessionToken } from '#app/auth/session.server.ts'
import { appOrigin } from '#app/utils/http.server.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const FOREIGN_ORIGIN_MSG = '请求来源不合法'

/**
 * Whether a state-changing request comes from our own pages. Browsers always send Origin or
 * Sec-Fetch-Site on a cross-site POST, so a request with neither is a script; it may pass only
 * while it carries no session cookie (SECURITY.md §2.2).
 */
export function isSameOriginRequest(request: Request) {
  const origin = request.headers.get('Origin')
  if (origin !== null) return origin === appOrigin(request)
  const site = request.headers.get('Sec-Fetch-Site')
  if (site !== null) return site === 'same-origin' || site === 'none'
  return readSessionToken(request) === undefined
}

/**
 * Guards every non-GET request, UI actions and /api resource routes alike, and is the only such
 * check: React Router's own (which skips resource routes, passes requests without an Origin and
 * answers pages a bare 400) is switched off in react-router.config.ts (ADR 007). A page gets our
 * error page with a 403; /api its envelope.
 */
export const originGuard: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE_METHODS.has(request.method) || isSameOriginRequest(request)) return next()
  if (new URL(request.url).pathname.startsWith('/api/')) return apiFail(FOREIGN_ORIGIN_MSG, { status: 403 })
  throw data(FOREIGN_ORIGIN_MSG, { status: 403 })
}

import type { RouterContextProvider } from 'react-router'
import * as notFound from '#app/routes/api/not-found.ts'
import { getOnly, methodNotAllowed, postOnly } from './method.server.ts'

export type ApiArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { '*'?: string } }
type Handler = (args: ApiArgs) => Response | Promise<Response>
type ApiCall = { loader: Handler; action: Handler }

// A file exports what it answers: a read its loader, a write its action (and a loader refusing GET).
const files = import.meta.glob<Partial<ApiCall>>(
  ['../routes/api/*.ts', '!../routes/api/*.test.ts', '!../routes/api/*.server.ts', '!../routes/api/not-found.ts'],
  { eager: true },
)

/**
 * Every /api call of spec §7 by its path: app/routes/api/{group}.{name}.ts answers
 * /api/{group}/{name}. They are one route (app/routes/api.ts): as 118 routes of their own they
 * were tried one by one whenever React Router matched a URL, four times for every page.
 */
export const API_CALLS: ReadonlyMap<string, ApiCall> = new Map(
  Object.entries(files).map(([file, call]) => [
    file.slice('../routes/api/'.length, -'.ts'.length).replaceAll('.', '/'),
    answering(call),
  ]),
)

/**
 * A call answers GET/HEAD with its loader and POST with its action; the method a file does not
 * answer gets postOnly's or getOnly's 405 (kept as they are: tests tell reads from writes by them),
 * and so does PUT, PATCH or DELETE, which React Router would hand to the action: the envelope's
 * 405 with `Allow`, never the action.
 */
function answering({ loader = postOnly, action = getOnly }: Partial<ApiCall>): ApiCall {
  if (action === getOnly) return { loader, action }
  const allow = loader === postOnly ? 'POST' : 'GET, HEAD, POST'
  return { loader, action: (args) => (args.request.method === 'POST' ? action(args) : methodNotAllowed(allow)) }
}

/** The call a request names, or the 404 envelope. */
export const apiCallOf = (args: ApiArgs): ApiCall => API_CALLS.get(args.params['*'] ?? '') ?? notFound

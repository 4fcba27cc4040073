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
 * A call answers GET/HEAD with its loader and POST with its action; any other method, and the one
 * a file does not answer (postOnly/getOnly), gets the envelope's 405 with `Allow` — never the
 * action: React Router hands PUT, PATCH, DELETE and OPTIONS to it as well.
 */
function answering({ loader = postOnly, action = getOnly }: Partial<ApiCall>): ApiCall {
  const allow = [loader !== postOnly && 'GET, HEAD', action !== getOnly && 'POST'].filter(Boolean).join(', ')
  const refuse = () => methodNotAllowed(allow)
  return {
    loader: loader === postOnly ? refuse : loader,
    action: action === getOnly ? refuse : (args) => (args.request.method === 'POST' ? action(args) : refuse()),
  }
}

/** The call a request names, or the 404 envelope. */
export const apiCallOf = (args: ApiArgs): ApiCall => API_CALLS.get(args.params['*'] ?? '') ?? notFound

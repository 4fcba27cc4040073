import type { z } from 'zod'
import { appContext, userContext, type AppContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import type { RouterContextProvider } from 'react-router'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { apiFail, apiOk, SERVER_ERROR_MSG } from './envelope.server.ts'

/** Bodies of /api calls are small forms; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 1024 * 1024

export type ApiContext = AppContext & { user: User | null; request: Request }
type Args = { request: Request; context: Readonly<RouterContextProvider> }

class BadRequest extends Error {}

/** GET reads the query string; other methods JSON or form-encoded bodies (spec §7). */
export async function readInput(request: Request): Promise<Record<string, unknown>> {
  const url = new URL(request.url)
  if (request.method === 'GET' || request.method === 'HEAD') return Object.fromEntries(url.searchParams)
  const length = Number(request.headers.get('Content-Length') ?? 0)
  if (length > MAX_BODY_BYTES) throw new BadRequest('请求内容过大')
  const type = request.headers.get('Content-Type') ?? ''
  if (type.includes('application/json')) {
    const body: unknown = await request.json().catch(() => {
      throw new BadRequest('请求格式不正确')
    })
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequest('请求格式不正确')
    return body as Record<string, unknown>
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    return Object.fromEntries(await request.formData())
  }
  return {}
}

/**
 * Wraps one /api call: parses the input with the call's schema, answers in the envelope, and
 * maps failures: validation and DomainError → HTTP 200 with code≠1 and the Chinese message;
 * not signed in → HTTP 403; anything unexpected → HTTP 500 with nothing internal (ADR 003).
 * `gb-hid` (the current homepage id) may come with every call; schemas that need it name it.
 */
export function defineApi<S extends z.ZodType>(
  schema: S,
  handler: (input: z.infer<S>, ctx: ApiContext) => Promise<unknown>,
  { auth = false, signInMsg }: { auth?: boolean; /** What a guest is told (403) where `auth` refuses them; 请先登录 by default. */ signInMsg?: string } = {},
) {
  return async ({ request, context }: Args): Promise<Response> => {
    try {
      const user = context.get(userContext)
      if (auth && !user) throw new NotSignedInError(signInMsg)
      const parsed = schema.safeParse(await readInput(request.clone()))
      if (!parsed.success) return apiFail(firstIssue(parsed.error))
      const result = await handler(parsed.data, { ...context.get(appContext), user, request })
      return result instanceof Response ? result : apiOk(result)
    } catch (error) {
      if (error instanceof NotSignedInError) return apiFail(error.message, { code: error.code, status: 403 })
      if (error instanceof DomainError) return apiFail(error.message, { code: error.code })
      if (error instanceof BadRequest) return apiFail(error.message)
      console.error(error)
      return apiFail(SERVER_ERROR_MSG, { code: 500, status: 500 })
    }
  }
}

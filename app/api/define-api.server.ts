import type { z } from 'zod'
import { appContext, userContext, type AppContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import type { RouterContextProvider } from 'react-router'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readBodyCapped, UNREADABLE_BODY_MSG } from '#app/uploads/form-data.server.ts'
import { firstIssue } from '#app/utils/zod.ts'
import { apiFail, apiOk, SERVER_ERROR_MSG } from './envelope.server.ts'

/** Bodies of /api calls are small forms; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 1024 * 1024

export type ApiContext = AppContext & { user: User | null; request: Request }
type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** A body the call cannot read: HTTP 400 (malformed, or a type other than JSON or a form), 413 (too large). */
class BadRequest extends Error {
  readonly status: number
  constructor(message: string, status = 400) {
    super(message)
    this.status = status
  }
}


/** GET reads the query string; POST a JSON or form body (spec §7), of at most MAX_BODY_BYTES. */
export async function readInput(request: Request): Promise<Record<string, unknown>> {
  const url = new URL(request.url)
  if (request.method === 'GET' || request.method === 'HEAD') return Object.fromEntries(url.searchParams)
  const type = request.headers.get('Content-Type') ?? ''
  const body = await readBodyCapped(request, MAX_BODY_BYTES).catch((error: unknown) => {
    throw error instanceof DomainError ? new BadRequest(error.message, 413) : error
  })
  if (/^application\/json\b/i.test(type)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body.toString('utf8'))
    } catch {
      throw new BadRequest(UNREADABLE_BODY_MSG)
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadRequest(UNREADABLE_BODY_MSG)
    return parsed as Record<string, unknown>
  }
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    const form = await new Response(body, { headers: { 'Content-Type': type } }).formData().catch(() => {
      throw new BadRequest(UNREADABLE_BODY_MSG)
    })
    return Object.fromEntries(form)
  }
  // No body at all (a call without parameters, e.g. sign/out) needs no type, and the `ping`
  // attribute's 'PING' (text/ping, source/click) carries none; any other body is refused.
  if (body.byteLength === 0 || /^text\/ping\b/i.test(type)) return {}
  throw new BadRequest(UNREADABLE_BODY_MSG)
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
      if (error instanceof DomainError) return apiFail(error.message, { code: error.code, data: error.data })
      if (error instanceof BadRequest) return apiFail(error.message, { status: error.status })
      console.error(error)
      return apiFail(SERVER_ERROR_MSG, { code: 500, status: 500 })
    }
  }
}

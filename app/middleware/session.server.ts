import type { MiddlewareFunction } from 'react-router'
import { getSessionUser, readSessionToken } from '#app/auth/session.server.ts'
import { appContext, userContext } from '#app/context.ts'

/** Reads the signed-in user once per request; loaders and actions take it from the context. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = context.get(appContext)
  context.set(userContext, await getSessionUser(db, readSessionToken(request)))
  return next()
}

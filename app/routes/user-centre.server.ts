import { redirect, type RouterContextProvider } from 'react-router'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { userContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'

/** Every page of the user centre is the signed-in user's: a guest signs in first and comes back (routes/user.tsx's middleware). */
export function signInFirst({ context, request }: { context: Readonly<RouterContextProvider>; request: Request }) {
  if (!context.get(userContext)) throw redirect(signInHref(pathOf(new URL(request.url))))
}

/** The signed-in user, in a loader or action of a centre page (signInFirst has let only them through). */
export function centreUser(context: Readonly<RouterContextProvider>): User {
  const user = context.get(userContext)
  if (!user) throw new Error('a user-centre page ran without routes/user.tsx’s sign-in middleware')
  return user
}

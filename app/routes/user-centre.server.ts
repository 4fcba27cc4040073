import { redirect, type RouterContextProvider } from 'react-router'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { appContext, userContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import { currentHomepageOf } from '#app/services/homepage.server.ts'
import { homepageLook } from '#app/services/skin.server.ts'
import { documentLook } from '#app/utils/document-look.server.ts'

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

/**
 * The look of the centre's pages: the one the user's start page shows them (their homepage's
 * theme and theme colour, spec §6: the owner's look is saved on it), not only their cookies'.
 */
export async function centreLook(context: Readonly<RouterContextProvider>, request: Request) {
  const homepage = await currentHomepageOf(context.get(appContext).db, centreUser(context))
  return documentLook(request, homepage ? { own: true, look: homepageLook(homepage) } : null)
}

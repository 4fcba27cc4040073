import { redirect, type RouterContextProvider } from 'react-router'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { userContext } from '#app/context.ts'

/** The signed-in user of a page that is theirs only; a guest is sent to sign in and comes back to the same address. */
export function signedInUser(context: Readonly<RouterContextProvider>, url: URL) {
  const user = context.get(userContext)
  if (!user) throw redirect(signInHref(pathOf(url)))
  return user
}

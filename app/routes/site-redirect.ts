import { signInHref } from '#app/components/auth/dialog-url.ts'
import { redirect } from 'react-router'
import type { Route } from './+types/site-redirect'
import { userContext } from '#app/context.ts'
import { safeRedirect } from '#app/utils/http.server.ts'

/**
 * `/site/redirect?url=`: the post-login redirect. It only ever goes to our own origin; a guest
 * is sent to log in first and comes back here.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get('url'), request)
  if (!context.get(userContext)) return redirect(signInHref(target))
  return redirect(target)
}

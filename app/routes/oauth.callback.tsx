import { data } from 'react-router'
import type { Route } from './+types/oauth.callback'
import { isOAuthProvider } from '#app/auth/oauth-providers.ts'
import { authenticateWithProvider, clearStateCookie, configuredProviders } from '#app/auth/oauth.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { welcomeHref } from '#app/components/auth/dialog-url.ts'
import { OAuthError } from '#app/components/auth/oauth-error.tsx'
import { appContext, userContext } from '#app/context.ts'
import { linkIdentity, OAUTH_LINK_SESSION_CHANGED, signInWithIdentity } from '#app/services/oauth.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { REGISTERED_MSG, SIGNED_IN_MSG } from '#app/services/account.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '第三方登录 - 起页' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/**
 * `/oauth/{provider}/callback`: the provider sends the browser back here with `code` and `state`.
 * A flow begun signed in links the identity to that same user; one begun as a guest signs in to
 * the identity's account, or makes one. Every refusal is a page with its reason (status 400).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const provider = params.provider
  if (!isOAuthProvider(provider) || !configuredProviders().includes(provider)) throw data(null, { status: 404 })
  const { db, clientIp } = context.get(appContext)
  const headers = new Headers({ 'Set-Cookie': clearStateCookie(request) })
  try {
    const { profile, flow } = await authenticateWithProvider({ db, clientIp }, provider, request, { redirectTo: '/', linkUserId: null })
    // Checked again on the way out: the path was checked when it was stored.
    const redirectTo = safeRedirect(flow.redirectTo, request)
    if (flow.linkUserId !== null) {
      const user = context.get(userContext)
      if (user?.id !== flow.linkUserId) throw new DomainError(OAUTH_LINK_SESSION_CHANGED)
      return redirectWithToast(redirectTo, { type: 'success', msg: await linkIdentity(db, user, profile) }, headers)
    }
    const { user, created } = await signInWithIdentity(db, profile, clientIp)
    headers.append('Set-Cookie', await startSession(db, request, user.id, clientIp))
    // A first sign-in made the account: it chooses how its homepage starts (routes/welcome.tsx).
    if (created) return redirectWithToast(welcomeHref(redirectTo), { type: 'success', msg: REGISTERED_MSG }, headers)
    return redirectWithToast(redirectTo, { type: 'success', msg: SIGNED_IN_MSG }, headers)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ error: error.message }, { status: 400, headers })
  }
}

export default function OAuthCallback({ loaderData }: Route.ComponentProps) {
  return <OAuthError message={loaderData.error} />
}

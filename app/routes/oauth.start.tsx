import { data } from 'react-router'
import type { Route } from './+types/oauth.start'
import { isOAuthProvider } from '#app/auth/oauth-providers.ts'
import { authenticateWithProvider, configuredProviders } from '#app/auth/oauth.server.ts'
import { OAuthError } from '#app/components/auth/oauth-error.tsx'
import { appContext, userContext } from '#app/context.ts'
import { DomainError } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '第三方登录 - 起页' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/**
 * `/oauth/{provider}` (spec §2): a plain link, so it works without JavaScript. A guest starts a
 * sign-in; a signed-in user starts linking that provider to the account. Either way the answer is
 * the redirect to the provider, with the state cookie.
 */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const provider = params.provider
  if (!isOAuthProvider(provider) || !configuredProviders().includes(provider)) throw data(null, { status: 404 })
  const user = context.get(userContext)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), request, user ? '/user/account' : '/')
  // Only the path: a `state` in this URL must not be taken for a callback.
  const start = new Request(new URL(url.pathname, url), { headers: request.headers })
  try {
    await authenticateWithProvider(context.get(appContext), provider, start, { redirectTo, linkUserId: user?.id ?? null })
  } catch (error) {
    if (error instanceof Response) throw error
    if (!(error instanceof DomainError)) throw error
    return data({ error: error.message }, { status: 400 })
  }
  throw new Error('the strategy neither redirected nor failed')
}

export default function OAuthStart({ loaderData }: Route.ComponentProps) {
  return <OAuthError message={loaderData.error} />
}

import { Link, useRouteLoaderData } from 'react-router'
import { type OAuthProvider, oauthStartHref, PROVIDER_LABELS } from '#app/auth/oauth-providers.ts'

/** The providers configured on this server (the root loader's list; none when none is set up). */
export function useSocialProviders(): OAuthProvider[] {
  const root = useRouteLoaderData('root') as { socialProviders?: OAuthProvider[] } | undefined
  return root?.socialProviders ?? []
}

/**
 * One plain link per configured provider (works without JavaScript): the start route redirects
 * to the provider. A whole-document load, since the answer is a redirect to another site.
 */
export function SocialButtons({ redirectTo, title = '其他登录方式' }: { redirectTo?: string; title?: string }) {
  const providers = useSocialProviders()
  if (!providers.length) return null
  return (
    <nav className="social-login" aria-label={title}>
      <p className="social-login-title">{title}</p>
      <p className="social-login-buttons">
        {providers.map((provider) => (
          <Link key={provider} to={oauthStartHref(provider, redirectTo)} reloadDocument className="button social-button" data-provider={provider}>
            {`${PROVIDER_LABELS[provider]}登录`}
          </Link>
        ))}
      </p>
    </nav>
  )
}

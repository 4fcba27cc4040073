/**
 * The social ways in of spec §1/§2 that sign in through /oauth/{provider} (WeChat QR has its own
 * flow). Isomorphic: the login dialog, the promo panel and the account page draw their buttons from it.
 */
export const OAUTH_PROVIDERS = ['qq', 'weibo', 'github'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

export const PROVIDER_LABELS: Record<OAuthProvider | 'wechat', string> = { qq: 'QQ', weibo: '微博', github: 'GitHub', wechat: '微信' }

export const isOAuthProvider = (value: unknown): value is OAuthProvider => OAUTH_PROVIDERS.includes(value as OAuthProvider)

/** Where a provider's sign-in starts, coming back to `redirectTo` (a path of ours: the start route checks it again). */
export function oauthStartHref(provider: OAuthProvider, redirectTo?: string) {
  return `/oauth/${provider}${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''}`
}

import { OAuth2Tokens } from 'arctic'
import { Authenticator } from 'remix-auth'
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2'
import type { AppContext } from '#app/context.ts'
import { consumeOrThrow } from '#app/auth/rate-limit.server.ts'
import { OAUTH_PROVIDERS, PROVIDER_LABELS, type OAuthProvider } from '#app/auth/oauth-providers.ts'
import { saveOAuthState, takeOAuthState, type OAuthFlow, type SocialProfile } from '#app/services/oauth.server.ts'
import { env } from '#app/utils/env.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { appOrigin, isHttps, readCookie, serializeCookie } from '#app/utils/http.server.ts'

/** How long a started sign-in may take at the provider. */
export const OAUTH_STATE_MINUTES = 10

export const OAUTH_WRONG_BROWSER = '登录请求无效：它不是从这个浏览器发起的，请重新登录'
export const OAUTH_TOO_MANY = '登录请求过于频繁，请稍后再试'
export const OAUTH_CANCELLED = '你已取消授权，未能登录'
export const oauthCodeRefused = (label: string) => `${label}拒绝了这次授权（授权码无效、已过期或已被使用），请重新登录`
export const oauthUnreachable = (label: string) => `暂时无法连接${label}，请稍后再试`

type Json = Record<string, unknown>
type Ask = (url: string, headers?: Record<string, string>) => Promise<Json>

/** A provider's real endpoints and how its stable id and name are read. */
type ProviderSpec = {
  authorize: string
  token: string
  /** QQ documents its token call as a GET with the parameters in the query. */
  tokenMethod: 'GET' | 'POST'
  scopes: string[]
  profile: (tokens: OAuth2Tokens, ask: Ask, clientId: string) => Promise<{ id: string; name: string }>
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')

const SPECS: Record<OAuthProvider, ProviderSpec> = {
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    tokenMethod: 'POST',
    scopes: ['read:user'],
    async profile(tokens, ask) {
      const user = await ask('https://api.github.com/user', { Authorization: `Bearer ${tokens.accessToken()}` })
      return { id: text(user.id), name: text(user.name) || text(user.login) }
    },
  },
  qq: {
    authorize: 'https://graph.qq.com/oauth2.0/authorize',
    token: 'https://graph.qq.com/oauth2.0/token',
    tokenMethod: 'GET',
    scopes: ['get_user_info'],
    // QQ's token carries no user: the openid comes from a call of its own.
    async profile(tokens, ask, clientId) {
      const access_token = tokens.accessToken()
      const me = await ask(`https://graph.qq.com/oauth2.0/me?${new URLSearchParams({ access_token, fmt: 'json' })}`)
      const openid = text(me.openid)
      if (!openid) return { id: '', name: '' }
      const info = await ask(`https://graph.qq.com/user/get_user_info?${new URLSearchParams({ access_token, oauth_consumer_key: clientId, openid })}`)
      return { id: openid, name: text(info.nickname) }
    },
  },
  weibo: {
    authorize: 'https://api.weibo.com/oauth2/authorize',
    token: 'https://api.weibo.com/oauth2/access_token',
    tokenMethod: 'POST',
    scopes: [],
    // Weibo's token answer names the uid.
    async profile(tokens, ask) {
      const uid = text((tokens.data as Json).uid)
      if (!uid) return { id: '', name: '' }
      const user = await ask(`https://api.weibo.com/2/users/show.json?${new URLSearchParams({ access_token: tokens.accessToken(), uid })}`)
      return { id: uid, name: text(user.screen_name) }
    },
  },
}

/** A real endpoint, or (tests only) the same host and path under OAUTH_TEST_BASE_URL. */
function endpoint(url: string) {
  const base = env().OAUTH_TEST_BASE_URL
  if (!base) return url
  const real = new URL(url)
  return `${base.replace(/\/$/, '')}/${real.host}${real.pathname}${real.search}`
}

function credentials(provider: OAuthProvider) {
  const e = env()
  const pair = {
    github: [e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET],
    qq: [e.QQ_CLIENT_ID, e.QQ_CLIENT_SECRET],
    weibo: [e.WEIBO_CLIENT_ID, e.WEIBO_CLIENT_SECRET],
  }[provider]
  return pair[0] && pair[1] ? { clientId: pair[0], clientSecret: pair[1] } : null
}

/** The providers whose id and secret are set: the only ones with a button and a route. */
export function configuredProviders(): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((provider) => credentials(provider) !== null)
}

const TIMEOUT_MS = 8000

/** Where our side of a sign-in keeps its state: saved at the start, taken (once) at the callback. */
type StateKeeper = {
  save: (state: string, codeVerifier: string) => Promise<string>
  take: (request: Request, state: string) => Promise<string>
}

/**
 * remix-auth-oauth2's strategy with the provider's real endpoints. It keeps the library's
 * authorization URL (state and S256 PKCE) but not its state cookie, which is neither single use
 * nor tied to a provider: the state is kept by `keeper` (a database row and an httpOnly cookie).
 * The token call sends the client secret in the body, which all three providers accept.
 */
class ProviderStrategy extends OAuth2Strategy<SocialProfile> {
  override name: OAuthProvider
  private readonly provider: OAuthProvider
  private readonly label: string
  private readonly spec: ProviderSpec
  private readonly creds: { clientId: string; clientSecret: string }
  private readonly keeper: StateKeeper

  constructor(
    provider: OAuthProvider,
    spec: ProviderSpec,
    creds: { clientId: string; clientSecret: string },
    redirectURI: string,
    keeper: StateKeeper,
  ) {
    super(
      {
        ...creds,
        redirectURI,
        authorizationEndpoint: endpoint(spec.authorize),
        tokenEndpoint: endpoint(spec.token),
        scopes: spec.scopes,
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      async ({ tokens }) => this.readProfile(tokens),
    )
    this.name = provider
    this.provider = provider
    this.label = PROVIDER_LABELS[provider]
    this.spec = spec
    this.creds = creds
    this.keeper = keeper
  }

  override async authenticate(request: Request): Promise<SocialProfile> {
    const url = new URL(request.url)
    const state = url.searchParams.get('state')
    if (!state) {
      const { state, codeVerifier, url: authorize } = this.createAuthorizationURL()
      const cookie = await this.keeper.save(state, codeVerifier)
      throw new Response(null, { status: 302, headers: { Location: authorize.toString(), 'Set-Cookie': cookie } })
    }
    const codeVerifier = await this.keeper.take(request, state)
    if (url.searchParams.get('error')) throw new DomainError(OAUTH_CANCELLED)
    const code = url.searchParams.get('code')
    if (!code) throw new DomainError(oauthCodeRefused(this.label))
    const tokens = await this.validateAuthorizationCode(code, codeVerifier)
    return this.verify({ request, tokens })
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string) {
    const params = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.options.redirectURI?.toString() ?? '',
      client_id: this.creds.clientId,
      client_secret: this.creds.clientSecret,
      code_verifier: codeVerifier,
    })
    const tokenUrl = new URL(this.options.tokenEndpoint.toString())
    if (this.spec.tokenMethod === 'GET') {
      for (const [key, value] of params) tokenUrl.searchParams.set(key, value)
      tokenUrl.searchParams.set('fmt', 'json')
    }
    const data = await this.call(tokenUrl.toString(), {
      method: this.spec.tokenMethod,
      body: this.spec.tokenMethod === 'POST' ? params : undefined,
    }).catch((error: unknown) => {
      // A refusal is an answer; anything else (no answer, not JSON) is the provider being away.
      if (error instanceof Refused) throw new DomainError(oauthCodeRefused(this.label))
      throw error
    })
    // GitHub and QQ answer a bad code with 200 and an `error` field.
    if (data.error !== undefined || typeof data.access_token !== 'string') throw new DomainError(oauthCodeRefused(this.label))
    return new OAuth2Tokens(data)
  }

  private async readProfile(tokens: OAuth2Tokens): Promise<SocialProfile> {
    const ask: Ask = (url, headers) => this.call(endpoint(url), { headers })
    const { id, name } = await this.spec.profile(tokens, ask, this.creds.clientId).catch((error: unknown) => {
      if (error instanceof Refused) return { id: '', name: '' }
      throw error
    })
    if (!id) throw new DomainError(`未能从${this.label}读取账号信息，请重新登录`)
    return { provider: this.provider, providerUserId: id, displayName: name }
  }

  /** One JSON call to the provider; Refused when it answers with an error status. */
  private async call(url: string, init: { method?: string; body?: URLSearchParams; headers?: Record<string, string> }): Promise<Json> {
    let response: Response
    try {
      response = await fetch(url, {
        ...init,
        headers: { Accept: 'application/json', 'User-Agent': 'qiye', ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch {
      throw new DomainError(oauthUnreachable(this.label))
    }
    const data = (await response.json().catch(() => null)) as unknown
    if (!response.ok) throw new Refused()
    if (typeof data !== 'object' || data === null) throw new DomainError(oauthUnreachable(this.label))
    return data as Json
  }
}

class Refused extends Error {}

const STATE_COOKIE = 'qy_oauth'
const stateCookieName = (request: Request) => (isHttps(request) ? `__Host-${STATE_COOKIE}` : STATE_COOKIE)

/** The state cookie's end, sent with every callback answer (used or not, it is done). */
export const clearStateCookie = (request: Request) =>
  serializeCookie(stateCookieName(request), '', { maxAge: 0, secure: isHttps(request) })

export type OAuthStart = { redirectTo: string; linkUserId: number | null }

/**
 * One social sign-in step through remix-auth. Without `state` in the URL it throws the redirect
 * to the provider (with the state cookie); on the callback it checks the state against this
 * browser's cookie, uses it up, and returns the provider's profile and the flow it began.
 * Throws DomainError with the message to show.
 */
export async function authenticateWithProvider(
  { db, clientIp }: Pick<AppContext, 'db' | 'clientIp'>,
  provider: OAuthProvider,
  request: Request,
  start: OAuthStart,
): Promise<{ profile: SocialProfile; flow: OAuthFlow }> {
  const creds = credentials(provider)
  if (!creds) throw new DomainError(`${PROVIDER_LABELS[provider]}登录未开启`)
  let flow: OAuthFlow | undefined
  const keeper: StateKeeper = {
    async save(state, codeVerifier) {
      await consumeOrThrow(db, 'oauthStart', clientIp, OAUTH_TOO_MANY)
      await saveOAuthState(db, { provider, state, codeVerifier, ...start, minutes: OAUTH_STATE_MINUTES })
      return serializeCookie(stateCookieName(request), state, { maxAge: OAUTH_STATE_MINUTES * 60, secure: isHttps(request) })
    },
    async take(req, state) {
      // The browser binding: the state must be the one this browser was given at the start.
      if (readCookie(req, stateCookieName(req)) !== state) throw new DomainError(OAUTH_WRONG_BROWSER)
      flow = await takeOAuthState(db, provider, state)
      return flow.codeVerifier
    },
  }
  const redirectURI = `${appOrigin(request)}/oauth/${provider}/callback`
  const strategy = new ProviderStrategy(provider, SPECS[provider], creds, redirectURI, keeper)
  const profile = await new Authenticator<SocialProfile>().use(strategy, provider).authenticate(provider, request)
  return { profile, flow: flow! }
}

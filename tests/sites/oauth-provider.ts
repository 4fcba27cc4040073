import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Our own OAuth2 provider for the tests, speaking the three shapes the app's production code
 * expects (app/auth/oauth.server.ts), each under `/{real host}{real path}` (OAUTH_TEST_BASE_URL):
 * GitHub (token POST, bad code → 200 {error}; GET api.github.com/user), QQ (token GET with
 * fmt=json, bad code → 200 {error}; the openid from /oauth2.0/me, the name from get_user_info),
 * Weibo (token POST answering the uid, bad code → 400; GET 2/users/show.json).
 *
 * The authorize page is a form that says who signs in (uid, name) and posts back with 授权 or
 * 拒绝. A code works once and only with the PKCE verifier, client and redirect_uri it was made for.
 */
export const FAKE_CLIENTS = {
  github: { id: 'fake-github-client', secret: 'fake-github-secret' },
  qq: { id: 'fake-qq-client', secret: 'fake-qq-secret' },
  weibo: { id: 'fake-weibo-client', secret: 'fake-weibo-secret' },
} as const
type Provider = keyof typeof FAKE_CLIENTS

const AUTHORIZE: Record<string, Provider> = {
  '/github.com/login/oauth/authorize': 'github',
  '/graph.qq.com/oauth2.0/authorize': 'qq',
  '/api.weibo.com/oauth2/authorize': 'weibo',
}

type Grant = { provider: Provider; clientId: string; redirectUri: string; challenge: string; uid: string; name: string }
type TokenRequest = { provider: Provider; ok: boolean; reason?: string }

export type OAuthProviderServer = {
  port: number
  /** The env the app is started with: the base URL and the fake credentials of all three providers. */
  env: Record<string, string>
  tokenRequests: () => TokenRequest[]
  close: () => Promise<void>
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

async function readBody(req: IncomingMessage) {
  let body = ''
  for await (const chunk of req) body += chunk
  return new URLSearchParams(body)
}

export async function startOAuthProvider(port = 0): Promise<OAuthProviderServer> {
  const grants = new Map<string, Grant>()
  const tokens = new Map<string, { provider: Provider; uid: string; name: string }>()
  const tokenRequests: TokenRequest[] = []

  function page(params: URLSearchParams, provider: Provider) {
    const hidden = [...params].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('')
    return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>授权 ${provider}</title>
<h1>模拟 ${provider} 授权</h1><form method="post">${hidden}
<label>用户 ID <input name="uid" value="10001"></label>
<label>昵称 <input name="name" value="测试用户"></label>
<button name="decision" value="allow">授权</button><button name="decision" value="deny">拒绝</button></form></html>`
  }

  /** A token call: the code once, with its client, secret, redirect_uri and PKCE verifier. */
  function exchange(provider: Provider, params: URLSearchParams) {
    const code = params.get('code') ?? ''
    const grant = grants.get(code)
    grants.delete(code)
    const client = FAKE_CLIENTS[provider]
    const reason = !grant
      ? 'unknown or used code'
      : grant.provider !== provider
        ? 'code of another provider'
        : params.get('client_id') !== client.id || params.get('client_secret') !== client.secret
          ? 'bad client'
          : params.get('redirect_uri') !== grant.redirectUri
            ? 'bad redirect_uri'
            : s256(params.get('code_verifier') ?? '') !== grant.challenge
              ? 'bad PKCE verifier'
              : undefined
    tokenRequests.push({ provider, ok: !reason, reason })
    if (reason || !grant) return null
    const token = randomBytes(16).toString('hex')
    tokens.set(token, { provider, uid: grant.uid, name: grant.name })
    return { token, grant }
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://oauth.test')
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const who = (provider: Provider, token: string | null | undefined) => {
      const found = token ? tokens.get(token) : undefined
      return found?.provider === provider ? found : undefined
    }
    const authorizeFor = AUTHORIZE[url.pathname]
    if (authorizeFor) {
      if (req.method === 'GET') {
        const ok = url.searchParams.get('client_id') === FAKE_CLIENTS[authorizeFor].id && url.searchParams.get('code_challenge_method') === 'S256'
        res.writeHead(ok ? 200 : 400, { 'Content-Type': 'text/html; charset=utf-8' })
        res.end(ok ? page(url.searchParams, authorizeFor) : 'bad authorize request')
        return
      }
      const form = await readBody(req)
      const back = new URL(form.get('redirect_uri') ?? '')
      back.searchParams.set('state', form.get('state') ?? '')
      if (form.get('decision') === 'deny') back.searchParams.set('error', 'access_denied')
      else {
        const code = randomBytes(12).toString('hex')
        grants.set(code, {
          provider: authorizeFor,
          clientId: form.get('client_id') ?? '',
          redirectUri: form.get('redirect_uri') ?? '',
          challenge: form.get('code_challenge') ?? '',
          uid: form.get('uid') ?? '',
          name: form.get('name') ?? '',
        })
        back.searchParams.set('code', code)
      }
      res.writeHead(302, { Location: back.toString() }).end()
      return
    }
    switch (`${req.method} ${url.pathname}`) {
      case 'POST /github.com/login/oauth/access_token': {
        const done = exchange('github', await readBody(req))
        return json(200, done ? { access_token: done.token, token_type: 'bearer', scope: 'read:user' } : { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' })
      }
      case 'GET /api.github.com/user': {
        const user = who('github', req.headers.authorization?.replace(/^Bearer /, ''))
        return user ? json(200, { id: Number(user.uid), login: `user${user.uid}`, name: user.name }) : json(401, { message: 'Bad credentials' })
      }
      case 'GET /graph.qq.com/oauth2.0/token': {
        if (url.searchParams.get('fmt') !== 'json') return json(400, { error: 'fmt' })
        const done = exchange('qq', url.searchParams)
        return json(200, done ? { access_token: done.token, expires_in: '7776000', refresh_token: 'r' } : { error: 100019, error_description: 'code to access token error' })
      }
      case 'GET /graph.qq.com/oauth2.0/me': {
        const user = who('qq', url.searchParams.get('access_token'))
        return json(200, user ? { client_id: FAKE_CLIENTS.qq.id, openid: `QQOPENID${user.uid}` } : { error: 100016, error_description: 'access token check failed' })
      }
      case 'GET /graph.qq.com/user/get_user_info': {
        const user = who('qq', url.searchParams.get('access_token'))
        const ok = user && url.searchParams.get('openid') === `QQOPENID${user.uid}` && url.searchParams.get('oauth_consumer_key') === FAKE_CLIENTS.qq.id
        return json(200, ok ? { ret: 0, msg: '', nickname: user.name } : { ret: 1002, msg: 'bad' })
      }
      case 'POST /api.weibo.com/oauth2/access_token': {
        const done = exchange('weibo', await readBody(req))
        return done ? json(200, { access_token: done.token, expires_in: 157679999, uid: done.grant.uid }) : json(400, { error: 'invalid_grant', error_code: 21325, error_description: 'invalid_grant' })
      }
      case 'GET /api.weibo.com/2/users/show.json': {
        const user = who('weibo', url.searchParams.get('access_token'))
        const ok = user && url.searchParams.get('uid') === user.uid
        return ok ? json(200, { id: Number(user.uid), idstr: user.uid, screen_name: user.name }) : json(400, { error: 'invalid_access_token', error_code: 21332 })
      }
      case 'GET /':
        return json(200, { ok: true })
      default:
        res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actual = (server.address() as AddressInfo).port
  return {
    port: actual,
    env: oauthEnv(actual),
    tokenRequests: () => tokenRequests,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The app's env for a fake provider on `port`: every provider configured, every endpoint on it. */
export function oauthEnv(port: number): Record<string, string> {
  return {
    OAUTH_TEST_BASE_URL: `http://127.0.0.1:${port}`,
    GITHUB_CLIENT_ID: FAKE_CLIENTS.github.id,
    GITHUB_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
    QQ_CLIENT_ID: FAKE_CLIENTS.qq.id,
    QQ_CLIENT_SECRET: FAKE_CLIENTS.qq.secret,
    WEIBO_CLIENT_ID: FAKE_CLIENTS.weibo.id,
    WEIBO_CLIENT_SECRET: FAKE_CLIENTS.weibo.secret,
  }
}

if (import.meta.main) {
  const server = await startOAuthProvider(Number(process.argv[2] ?? 0))
  console.log(`oauth provider on http://127.0.0.1:${server.port}`)
}

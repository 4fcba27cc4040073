import { createHash, timingSafeEqual } from 'node:crypto'
import { Parser } from 'htmlparser2'
import { env } from '#app/utils/env.server.ts'

/**
 * The WeChat official-account API, as much of it as the QR sign-in needs: an access token
 * (cgi-bin/token, kept until shortly before it expires) and a temporary QR code carrying a scene
 * (cgi-bin/qrcode/create). WeChat then pushes the scan to our callback (/api/wx/callback),
 * signed with the Token; `checkSignature` and `readEvent` read that push.
 */
export type WechatConfig = { appId: string; secret: string; token: string; apiUrl: string }
export type WechatQr = { ticket: string; url: string; expireSeconds: number }
export type WechatApi = { createQr(scene: string, expireSeconds: number): Promise<WechatQr> }

/** Anything that went wrong talking to WeChat: the user sees one calm message, the log the cause. */
export class WechatApiError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'WechatApiError'
  }
}

/** The configuration from env, or null when WeChat sign-in is not set up (no button is shown). */
export function wechatConfig(): WechatConfig | null {
  const { WECHAT_APPID, WECHAT_SECRET, WECHAT_TOKEN, WECHAT_API_URL } = env()
  if (!WECHAT_APPID || !WECHAT_SECRET || !WECHAT_TOKEN) return null
  return { appId: WECHAT_APPID, secret: WECHAT_SECRET, token: WECHAT_TOKEN, apiUrl: WECHAT_API_URL }
}

const TIMEOUT_MS = 5_000
/** A token is renewed this long before WeChat says it expires (clocks and slow requests). */
const TOKEN_MARGIN_MS = 5 * 60_000
/** errcodes meaning "this access token is no longer good": fetch a new one and try once more. */
const STALE_TOKEN = new Set([40001, 40014, 42001])

type Json = Record<string, unknown>
/** Tokens by app id, per process: WeChat keeps an older token valid for 5 minutes after a new one is issued. */
const tokens = new Map<string, { value: string; until: number }>()

export function officialAccount(config: WechatConfig): WechatApi {
  async function call(path: string, init: RequestInit = {}): Promise<Json> {
    let response: Response
    try {
      response = await fetch(new URL(path, config.apiUrl), { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch (error) {
      throw new WechatApiError(`${path}: ${String(error)}`)
    }
    if (!response.ok) throw new WechatApiError(`${path}: HTTP ${response.status}`)
    const body = (await response.json().catch(() => null)) as Json | null
    if (!body || typeof body !== 'object') throw new WechatApiError(`${path}: not JSON`)
    return body
  }

  async function accessToken(): Promise<string> {
    const cached = tokens.get(config.appId)
    if (cached && cached.until > Date.now()) return cached.value
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: config.appId, secret: config.secret })
    const body = await call(`/cgi-bin/token?${query}`)
    if (typeof body.access_token !== 'string') throw new WechatApiError(`cgi-bin/token: errcode ${String(body.errcode)}`)
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 7200
    tokens.set(config.appId, { value: body.access_token, until: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS })
    return body.access_token
  }

  return {
    async createQr(scene, expireSeconds) {
      const request = JSON.stringify({ expire_seconds: expireSeconds, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: scene } } })
      for (let attempt = 0; ; attempt++) {
        const token = await accessToken()
        const body = await call(`/cgi-bin/qrcode/create?${new URLSearchParams({ access_token: token })}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: request,
        })
        if (typeof body.ticket === 'string' && typeof body.url === 'string') {
          return { ticket: body.ticket, url: body.url, expireSeconds: typeof body.expire_seconds === 'number' ? body.expire_seconds : expireSeconds }
        }
        if (attempt === 0 && STALE_TOKEN.has(Number(body.errcode))) {
          tokens.delete(config.appId)
          continue
        }
        throw new WechatApiError(`cgi-bin/qrcode/create: errcode ${String(body.errcode)}`)
      }
    },
  }
}

/** The adapter the app uses: the real API at WECHAT_API_URL (the fake's address in tests). */
export function wechatApi(): WechatApi | null {
  const config = wechatConfig()
  return config ? officialAccount(config) : null
}

/** A push older or newer than this is refused: a captured one cannot be replayed later. */
const MAX_SKEW_SECONDS = 300

/** WeChat's push signature: SHA-1 of token, timestamp and nonce sorted and joined; compared in constant time. */
export function signPush(token: string, timestamp: string, nonce: string) {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')
}

export function checkSignature(token: string, params: URLSearchParams, now = Date.now()): boolean {
  const signature = params.get('signature') ?? ''
  const timestamp = params.get('timestamp') ?? ''
  const nonce = params.get('nonce') ?? ''
  if (!/^[0-9a-f]{40}$/.test(signature) || !/^\d{1,12}$/.test(timestamp) || !nonce) return false
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false
  return timingSafeEqual(Buffer.from(signature), Buffer.from(signPush(token, timestamp, nonce)))
}

/** A push's XML (`<xml><FromUserName><![CDATA[…]]></FromUserName>…</xml>`): its top-level fields. */
export function readPushXml(xml: string): Record<string, string> {
  const fields: Record<string, string> = {}
  let depth = 0
  let name = ''
  const parser = new Parser(
    {
      onopentag(tag) {
        depth++
        if (depth === 2) fields[(name = tag)] = ''
      },
      ontext(text) {
        if (depth === 2) fields[name] += text
      },
      onclosetag() {
        depth--
      },
    },
    { xmlMode: true },
  )
  parser.write(xml)
  parser.end()
  return fields
}

export type ScanEvent = { openid: string; scene: string }

/**
 * The scan of one of our temporary QR codes: `SCAN` from a follower (EventKey is the scene), or
 * `subscribe` from someone who follows by scanning it (EventKey is `qrscene_` + the scene).
 * Anything else WeChat pushes (messages, menu clicks) is null.
 */
export function scanEventOf(fields: Record<string, string>): ScanEvent | null {
  if (fields.MsgType !== 'event' || !fields.FromUserName) return null
  const key = fields.EventKey ?? ''
  const scene = fields.Event === 'SCAN' ? key : fields.Event === 'subscribe' && key.startsWith('qrscene_') ? key.slice('qrscene_'.length) : ''
  return scene ? { openid: fields.FromUserName, scene } : null
}

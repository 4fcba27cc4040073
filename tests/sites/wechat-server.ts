import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake WeChat official-account API for the tests (the app's real adapter, only WECHAT_API_URL
 * changed): cgi-bin/token and cgi-bin/qrcode/create, checking the app id, secret and token as
 * WeChat does. It remembers every QR code it made (GET /qrcodes, newest last), so a test can
 * "scan" one: `scan()` posts the signed event to the app's callback as WeChat's push would.
 */
export const WECHAT_TEST = { appId: 'wx0123456789abcdef', secret: 'fake-app-secret', token: 'fake-push-token' }

export type FakeQr = { ticket: string; scene: string; expireSeconds: number }
export type WechatServer = { port: number; server: Server; qrcodes: () => FakeQr[]; tokensIssued: () => number; close: () => Promise<void> }

/** The app's environment for this fake. */
export const wechatEnv = (port: number) => ({
  WECHAT_APPID: WECHAT_TEST.appId,
  WECHAT_SECRET: WECHAT_TEST.secret,
  WECHAT_TOKEN: WECHAT_TEST.token,
  WECHAT_API_URL: `http://127.0.0.1:${port}`,
})

export async function startWechat(port = 0): Promise<WechatServer> {
  const tokens = new Set<string>()
  const qrcodes: FakeQr[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api.weixin.test')
    const json = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/qrcodes') return json(qrcodes)
    if (url.pathname === '/cgi-bin/token') {
      const q = url.searchParams
      if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== WECHAT_TEST.appId || q.get('secret') !== WECHAT_TEST.secret) {
        return json({ errcode: 40013, errmsg: 'invalid appid' })
      }
      const token = randomBytes(16).toString('hex')
      tokens.add(token)
      return json({ access_token: token, expires_in: 7200 })
    }
    if (url.pathname === '/cgi-bin/qrcode/create' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        if (!tokens.has(url.searchParams.get('access_token') ?? '')) return json({ errcode: 40001, errmsg: 'invalid credential' })
        const request = JSON.parse(body) as { expire_seconds?: number; action_name?: string; action_info?: { scene?: { scene_str?: string } } }
        const scene = request.action_info?.scene?.scene_str
        if (request.action_name !== 'QR_STR_SCENE' || !scene || scene.length > 64) return json({ errcode: 40053, errmsg: 'invalid action info' })
        const ticket = `gQ${randomBytes(24).toString('base64url')}`
        const expireSeconds = Math.min(request.expire_seconds ?? 60, 2_592_000)
        qrcodes.push({ ticket, scene, expireSeconds })
        json({ ticket, expire_seconds: expireSeconds, url: `http://weixin.qq.com/q/${ticket}` })
      })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    server,
    qrcodes: () => qrcodes,
    tokensIssued: () => tokens.size,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The QR codes a fake running in another process has made (the e2e suite's). */
export async function fakeQrcodes(port: number): Promise<FakeQr[]> {
  return (await (await fetch(`http://127.0.0.1:${port}/qrcodes`)).json()) as FakeQr[]
}

/** The push WeChat sends when `openid` scans the QR code of `scene`: XML, as a follower (SCAN) or a new follower (subscribe). */
export function scanEventXml(scene: string, openid: string, { subscribe = false } = {}) {
  const now = Math.floor(Date.now() / 1000)
  return `<xml><ToUserName><![CDATA[gh_fakeaccount]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${now}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${subscribe ? 'subscribe' : 'SCAN'}]]></Event><EventKey><![CDATA[${subscribe ? `qrscene_${scene}` : scene}]]></EventKey><Ticket><![CDATA[ticket]]></Ticket></xml>`
}

/** WeChat's push signature, written here from WeChat's documentation (not the app's code it tests). */
const signPush = (token: string, timestamp: string, nonce: string) =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')

/** The query WeChat signs a push with (`token` wrong: a forged push). */
export function signedQuery(token = WECHAT_TEST.token, timestamp = String(Math.floor(Date.now() / 1000))) {
  const nonce = randomBytes(6).toString('hex')
  return new URLSearchParams({ signature: signPush(token, timestamp, nonce), timestamp, nonce, openid: 'push' })
}

/** "Scans" a QR code: posts the signed scan event to the app's callback, as WeChat would. */
export async function scan(appUrl: string, scene: string, openid: string, options: { subscribe?: boolean; token?: string } = {}) {
  const response = await fetch(`${appUrl}/api/wx/callback?${signedQuery(options.token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml' },
    body: scanEventXml(scene, openid, options),
  })
  return { status: response.status, body: await response.text() }
}

// `node tests/sites/wechat-server.ts PORT`: the e2e suite's fake WeChat (playwright.config.ts).
if (import.meta.main) {
  const { port } = await startWechat(Number(process.argv[2] ?? 0))
  console.log(`fake WeChat API on 127.0.0.1:${port}`)
}

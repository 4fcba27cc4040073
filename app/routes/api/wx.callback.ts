import { recordScan } from '#app/services/wechat-login.server.ts'
import { checkSignature, readPushXml, scanEventOf, wechatConfig } from '#app/wechat/official-account.server.ts'
import type { ApiArgs } from '#app/api/calls.server.ts'
import { appContext } from '#app/context.ts'
import { readBodyCapped } from '#app/uploads/form-data.server.ts'

/*
 * /api/wx/callback: the official account's server push (消息推送), set up in WeChat with this
 * URL and WECHAT_TOKEN. Every request is signed with the token (query signature, timestamp,
 * nonce); an unsigned or stale one is refused and changes nothing. Plain text, not the envelope:
 * WeChat reads "success" or the echo.
 */
const MAX_BODY_BYTES = 64 * 1024
const text = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

function signed(request: Request) {
  const config = wechatConfig()
  if (!config) return null
  const params = new URL(request.url).searchParams
  return checkSignature(config.token, params) ? params : false
}

/** WeChat's check of the URL when the push is set up: echo `echostr` to a signed request. */
export function loader({ request }: ApiArgs) {
  const params = signed(request)
  if (params === null) return text('not found', 404)
  if (!params) return text('forbidden', 403)
  return text(params.get('echostr') ?? '')
}

/** A pushed event: the scan of one of our QR codes is recorded; everything else is acknowledged. */
export async function action({ request, context }: ApiArgs) {
  const params = signed(request)
  if (params === null) return text('not found', 404)
  if (!params) return text('forbidden', 403)
  // Capped as it arrives: a chunked body without Content-Length is not read past the cap.
  const body = await readBodyCapped(request, MAX_BODY_BYTES).then(
    (bytes) => bytes.toString('utf8'),
    () => null,
  )
  if (body === null) return text('too large', 413)
  const event = scanEventOf(readPushXml(body))
  if (event) {
    const { db } = context.get(appContext)
    await recordScan(db, event)
  }
  return text('success')
}

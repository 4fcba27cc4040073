import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { WxStatusParams, type WxPollAnswer } from '#app/schemas/wechat.ts'
import { pollWechatQr, WECHAT_BOUND } from '#app/services/wechat-login.server.ts'
import { readWechatSecret } from '#app/wechat/browser-cookie.server.ts'
import { SIGNED_IN_MSG } from '#app/services/account.server.ts'

/**
 * GET /api/wx/login-status {scene}: {status, in, err} — waiting, register (confirm step), in
 * (signed in on this browser, or bound), expired, failed (err is the message). Only the browser
 * that asked for the QR code learns anything; to every other the scene is expired.
 */
export const loader = defineApi(WxStatusParams, async ({ scene }, { db, user, request, clientIp }) => {
  const result = await pollWechatQr(db, { scene, secret: readWechatSecret(request), user, ip: clientIp })
  const answer: WxPollAnswer = { status: result.status, in: result.status === 'in', err: result.status === 'failed' ? result.err : '' }
  if (result.status === 'in' && result.signIn) {
    const cookie = await startSession(db, request, result.userId, clientIp)
    return apiOk(answer, SIGNED_IN_MSG, { 'Set-Cookie': cookie })
  }
  return apiOk(answer, result.status === 'in' ? WECHAT_BOUND : '操作成功')
})

export const action = getOnly

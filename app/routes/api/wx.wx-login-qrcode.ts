import { defineApi } from '#app/api/define-api.server.ts'
import { apiOk } from '#app/api/envelope.server.ts'
import { getOnly } from '#app/api/method.server.ts'
import { WxQrParams, type WxQrAnswer } from '#app/schemas/wechat.ts'
import { CONFIRM_SECONDS, createWechatQr } from '#app/services/wechat-login.server.ts'
import { readWechatSecret, wechatSecretCookie } from '#app/wechat/browser-cookie.server.ts'
import { wechatApi } from '#app/wechat/official-account.server.ts'
import { qrImage } from '#app/wechat/qr-image.server.ts'

/**
 * GET /api/wx/wx-login-qrcode {type default login}: a new QR code for this browser, {ticket, scene,
 * url, qrcode (an image), expireSeconds}; the cookie that makes the scene this browser's comes with it.
 */
export const loader = defineApi(WxQrParams, async ({ type }, { db, user, request, clientIp }) => {
  const qr = await createWechatQr(db, wechatApi(), { type, user, oldSecret: readWechatSecret(request), ip: clientIp })
  const expireSeconds = Math.round((qr.expiresAt.getTime() - Date.now()) / 1000)
  const answer: WxQrAnswer = { ticket: qr.ticket, scene: qr.scene, url: qr.url, qrcode: await qrImage(qr.url), expireSeconds }
  return apiOk(answer, '操作成功', { 'Set-Cookie': wechatSecretCookie(request, qr.secret, expireSeconds + CONFIRM_SECONDS) })
})

export const action = getOnly

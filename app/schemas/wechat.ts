import { nameText } from './text.ts'
import { z } from './zod.ts'

/** Said by the server (a scene that is gone or not this browser's) and by the dialog after 400 polls (spec §8). */
export const QR_EXPIRED = '二维码已失效'
/** 我已扫码 before the scan (the page's answer without JavaScript, a toast with it). */
export const NOT_SCANNED_YET = '还没有扫码：请用微信扫描二维码，再点【我已扫码】'

/** GET /api/wx/wx-login-qrcode {type}: 'login' (default) or 'bind' (the account page). */
export const WxQrParams = z.object({
  type: z.enum(['login', 'bind'], { error: '二维码类型不正确' }).default('login'),
})

const scene = z.string({ error: QR_EXPIRED }).max(64, QR_EXPIRED)

/** GET /api/wx/login-status {scene} */
export const WxStatusParams = z.object({ scene })

/**
 * POST /api/wx/register {scene, user_email?, user_password?, user_nickname?}: with an e-mail and
 * password the scan is bound to that account, without them a new account is made.
 */
export const WxRegisterParams = z.object({
  scene,
  email: z.string().max(254).optional(),
  password: z.string().max(256).optional(),
  nickname: nameText({ max: 20, tooLong: '昵称长度不能超过20个字' }).optional(),
})

/** The scan states a poll answers (spec §3 messaging-app scan: status, in, err). */
export type WxStatus = 'waiting' | 'register' | 'in' | 'expired' | 'failed'
export type WxPollAnswer = { status: WxStatus; in: boolean; err: string }
export type WxQrAnswer = { ticket: string; scene: string; url: string; qrcode: string; expireSeconds: number }

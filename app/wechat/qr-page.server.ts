import { redirect } from 'react-router'
import { startSession } from '#app/auth/session.server.ts'
import { welcomeHref } from '#app/components/auth/dialog-url.ts'
import type { WechatQrInitial, WechatQrType } from '#app/components/auth/wechat-qr.tsx'
import type { AppContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import { NOT_SCANNED_YET, QR_EXPIRED } from '#app/schemas/wechat.ts'
import {
  completeWechatRegister,
  CONFIRM_SECONDS,
  createWechatQr,
  currentWechatQr,
  pollWechatQr,
  QR_SECONDS,
  qrView,
  WECHAT_BOUND,
} from '#app/services/wechat-login.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readWechatSecret, wechatSecretCookie } from './browser-cookie.server.ts'
import { wechatApi } from './official-account.server.ts'
import { qrImage } from './qr-image.server.ts'
import { BOUND_MSG, REGISTERED_MSG, SIGNED_IN_MSG } from '#app/services/account.server.ts'

/*
 * The QR pages without JavaScript (/login?mode=wechat and /user/account?dialog=bind-wx): the loader shows
 * this browser's QR code (a new one when it has none that is still good), and the action answers
 * the view's forms: 我已扫码 does what one poll does, then POST/redirect/GET with a toast.
 */

const cookieFor = (request: Request, secret: string) => wechatSecretCookie(request, secret, QR_SECONDS + CONFIRM_SECONDS)

export type PageQr = { initial: WechatQrInitial | null; error: string; headers: Record<string, string> }

export async function pageQr({ db, clientIp }: AppContext, request: Request, type: WechatQrType, user: User | null): Promise<PageQr> {
  const secret = readWechatSecret(request)
  const current = await currentWechatQr(db, secret, type)
  if (current && (type === 'login' || current.userId === user?.id)) {
    return { initial: { scene: current.scene, qrcode: await qrImage(current.url), view: await qrView(db, current) }, error: '', headers: {} }
  }
  try {
    const qr = await createWechatQr(db, wechatApi(), { type, user, oldSecret: secret, ip: clientIp })
    return { initial: { scene: qr.scene, qrcode: await qrImage(qr.url), view: 'waiting' }, error: '', headers: { 'Set-Cookie': cookieFor(request, qr.secret) } }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { initial: null, error: error.message, headers: {} }
  }
}

/** The view's forms (intent wx-check, wx-rescan, wx-bind, wx-new); `back` is the QR page, `done` where success goes. */
export async function pageQrAction(
  { db, clientIp }: AppContext,
  request: Request,
  form: FormData,
  { type, user, back, done }: { type: WechatQrType; user: User | null; back: string; done: string },
): Promise<Response> {
  const intent = form.get('intent')
  const secret = readWechatSecret(request)
  try {
    if (intent === 'wx-rescan') {
      const qr = await createWechatQr(db, wechatApi(), { type, user, oldSecret: secret, ip: clientIp })
      return redirect(back, { headers: { 'Set-Cookie': cookieFor(request, qr.secret) } })
    }
    const current = await currentWechatQr(db, secret, type)
    if (!current) return redirectWithToast(back, { type: 'error', msg: QR_EXPIRED })
    if (intent === 'wx-check') {
      const result = await pollWechatQr(db, { scene: current.scene, secret, user, ip: clientIp })
      if (result.status === 'in') {
        if (!result.signIn) return redirectWithToast(done, { type: 'success', msg: WECHAT_BOUND })
        const cookie = await startSession(db, request, result.userId, clientIp)
        return redirectWithToast(done, { type: 'success', msg: SIGNED_IN_MSG }, { 'Set-Cookie': cookie })
      }
      if (result.status === 'waiting') return redirectWithToast(back, { type: 'info', msg: NOT_SCANNED_YET })
      if (result.status === 'failed') return redirectWithToast(back, { type: 'error', msg: result.err })
      if (result.status === 'expired') return redirectWithToast(back, { type: 'error', msg: QR_EXPIRED })
      return redirect(back)
    }
    if (type === 'login' && (intent === 'wx-bind' || intent === 'wx-new')) {
      const bind = intent === 'wx-bind' ? { email: form.get('email') ?? '', password: form.get('password') ?? '' } : undefined
      const signedIn = await completeWechatRegister(db, { scene: current.scene, secret, ip: clientIp, bind })
      const cookie = await startSession(db, request, signedIn.id, clientIp)
      if (bind) return redirectWithToast(done, { type: 'success', msg: BOUND_MSG }, { 'Set-Cookie': cookie })
      // A new account chooses how its homepage starts (routes/welcome.tsx).
      return redirectWithToast(welcomeHref(done), { type: 'success', msg: REGISTERED_MSG }, { 'Set-Cookie': cookie })
    }
    return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(back, { type: 'error', msg: error.message })
  }
}

import type { AppContext } from '#app/context.ts'
import type { User } from '#app/db/schema/index.ts'
import { hasOtherWayIn, LAST_WAY_IN } from '#app/services/ways-in.server.ts'
import { BIND_WECHAT_HREF } from '#app/components/account/wechat-binding.tsx'
import { unlinkIdentity } from '#app/services/oauth.server.ts'
import { WECHAT_OFF, WECHAT_PROVIDER, wechatIdentity } from '#app/services/wechat-login.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { wechatConfig } from './official-account.server.ts'
import { pageQr, pageQrAction } from './qr-page.server.ts'

/*
 * The bind messaging-account dialog of /user/account (spec §2), addressed by ?dialog=bind-wx:
 * the binding (and unbinding while another way in remains), or this browser's binding QR code.
 */

export type WechatBindingView =
  | { bound: { since: string; canUnbind: boolean; note: string }; qr: null }
  | { bound: null; qr: { initial: Awaited<ReturnType<typeof pageQr>>['initial']; error: string } }

export async function wechatBinding(ctx: AppContext, request: Request, user: User): Promise<{ view: WechatBindingView; headers: Record<string, string> }> {
  const identity = await wechatIdentity(ctx.db, user.id)
  if (identity) {
    const canUnbind = await hasOtherWayIn(ctx.db, user.id, WECHAT_PROVIDER)
    const bound = { since: identity.createdAt.toISOString().slice(0, 10), canUnbind, note: canUnbind ? '' : LAST_WAY_IN }
    return { view: { bound, qr: null }, headers: {} }
  }
  if (!wechatConfig()) return { view: { bound: null, qr: { initial: null, error: WECHAT_OFF } }, headers: {} }
  const qr = await pageQr(ctx, request, 'bind', user)
  return { view: { bound: null, qr: { initial: qr.initial, error: qr.error } }, headers: qr.headers }
}

/** The dialog's forms: `unbind-wechat`, or the QR view's (wx-check, wx-rescan). */
export const isWechatBindingIntent = (intent: unknown) => typeof intent === 'string' && (intent === 'unbind-wechat' || intent.startsWith('wx-'))

export async function wechatBindingAction(ctx: AppContext, request: Request, form: FormData, user: User): Promise<Response> {
  if (form.get('intent') !== 'unbind-wechat') return pageQrAction(ctx, request, form, { type: 'bind', user, back: BIND_WECHAT_HREF, done: BIND_WECHAT_HREF })
  try {
    const msg = await unlinkIdentity(ctx.db, user, WECHAT_PROVIDER)
    return redirectWithToast(BIND_WECHAT_HREF, { type: 'success', msg })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(BIND_WECHAT_HREF, { type: 'error', msg: error.message })
  }
}

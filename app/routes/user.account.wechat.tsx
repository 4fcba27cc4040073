import { data, Form, href, Link, redirect } from 'react-router'
import type { Route } from './+types/user.account.wechat'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { WechatQrPart } from '#app/components/auth/wechat-qr-part.tsx'
import { appContext, userContext } from '#app/context.ts'
import { hasOtherWayIn, unbindWechat, UNBIND_LAST_WAY_IN, WECHAT_OFF, WECHAT_UNBOUND, wechatIdentity } from '#app/services/wechat-login.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { wechatConfig } from '#app/wechat/official-account.server.ts'
import { pageQr, pageQrAction } from '#app/wechat/qr-page.server.ts'

const PAGE = href('/user/account/wechat')

export const meta: Route.MetaFunction = () => [{ title: '绑定微信 - 起页' }]

/** Bound: since when, and whether it may be unbound. Not bound: this browser's binding QR code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  if (!user) throw redirect(signInHref(PAGE))
  const ctx = context.get(appContext)
  const identity = await wechatIdentity(ctx.db, user.id)
  if (identity) {
    const canUnbind = await hasOtherWayIn(ctx.db, user.id)
    const bound = { since: identity.createdAt.toISOString().slice(0, 10), canUnbind, note: canUnbind ? '' : UNBIND_LAST_WAY_IN }
    return { bound, qr: null }
  }
  if (!wechatConfig()) return { bound: null, qr: { initial: null, error: WECHAT_OFF } }
  const qr = await pageQr(ctx, request, 'bind', user)
  return data({ bound: null, qr: { initial: qr.initial, error: qr.error } }, { headers: qr.headers })
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)
  if (!user) throw redirect(signInHref(PAGE))
  const ctx = context.get(appContext)
  const form = await request.formData()
  if (form.get('intent') !== 'unbind') return pageQrAction(ctx, request, form, { type: 'bind', user, back: PAGE, done: PAGE })
  try {
    await unbindWechat(ctx.db, user)
    return redirectWithToast(PAGE, { type: 'success', msg: WECHAT_UNBOUND })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(PAGE, { type: 'error', msg: error.message })
  }
}

export default function BindWechat({ loaderData }: Route.ComponentProps) {
  const { bound, qr } = loaderData
  return (
    <section className="user-main account-page" aria-labelledby="wechat-title">
      <h1 id="wechat-title">绑定微信</h1>
      <p>
        <Link to={href('/user/account')}>返回账号设置</Link>
      </p>
      {bound ? (
        <div className="account-section">
          <p>已绑定微信（{bound.since} 绑定），可以用微信扫码登录。</p>
          {bound.canUnbind ? (
            <Form method="post">
              <input type="hidden" name="intent" value="unbind" />
              <button type="submit" className="button button-danger">
                解除绑定
              </button>
            </Form>
          ) : (
            <p className="field-hint">{bound.note}</p>
          )}
        </div>
      ) : qr.initial ? (
        <div className="account-card">
          <WechatQrPart type="bind" initial={qr.initial} action={PAGE} doneHref={PAGE} />
        </div>
      ) : (
        <p className="form-error" role="alert">
          {qr.error}
        </p>
      )}
    </section>
  )
}

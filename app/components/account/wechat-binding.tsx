import { Form, Link } from 'react-router'
import { WechatQrPart } from '#app/components/auth/wechat-qr-part.tsx'
import type { WechatBindingView } from '#app/wechat/account-binding.server.ts'

/** The bind messaging-account dialog's address: ?dialog=bind-wx of the account page. */
export const BIND_WECHAT_DIALOG = 'bind-wx'
export const BIND_WECHAT_HREF = `/user/account?dialog=${BIND_WECHAT_DIALOG}`

/** The bind messaging-account dialog (?dialog=bind-wx), drawn as a section of the account page. */
export function WechatBinding({ view }: { view: WechatBindingView }) {
  return (
    <section className="account-section" aria-labelledby="account-wechat-title">
      <h2 id="account-wechat-title">绑定微信</h2>
      {view.bound ? (
        <>
          <p>已绑定微信（{view.bound.since} 绑定），可以用微信扫码登录。</p>
          {view.bound.canUnbind ? (
            <Form method="post" action={BIND_WECHAT_HREF}>
              <input type="hidden" name="intent" value="unbind-wechat" />
              <button type="submit" className="button button-danger">
                解除绑定
              </button>
            </Form>
          ) : (
            <p className="field-hint">{view.bound.note}</p>
          )}
        </>
      ) : view.qr.initial ? (
        <div className="account-card">
          <WechatQrPart type="bind" initial={view.qr.initial} action={BIND_WECHAT_HREF} doneHref={BIND_WECHAT_HREF} />
        </div>
      ) : (
        <p className="form-error" role="alert">
          {view.qr.error}
        </p>
      )}
      <p>
        <Link to="/user/account">关闭</Link>
      </p>
    </section>
  )
}

import * as Dialog from '@radix-ui/react-dialog'
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { loader as rootLoader } from '#app/root.tsx'
import { lazyPart } from '../lazy-part.tsx'
import { AuthForm } from './auth-form.tsx'
import { AUTH_TITLES, wechatLoginHref } from './auth-titles.ts'
import { dialogMode, withDialog } from './dialog-url.ts'

/**
 * The QR view, loaded when the dialog shows it. Its own lazy import (not wechat-qr-part.tsx): a
 * chunk shared with the pages would be named in every guest page's preload list.
 */
const WechatQrPart = lazyPart(() => import('./wechat-qr.tsx').then((m) => m.WechatQr))

/**
 * The login / register dialog, addressed by `?dialog=login|register`. Before hydration (and
 * with JavaScript off) it is a plain section at the top of the page; after hydration a Radix
 * dialog that traps focus, closes on Escape and closes by navigating.
 */
export function AuthDialog() {
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const wechatOn = useRouteLoaderData<typeof rootLoader>('root')?.wechatLogin ?? false
  const mode = dialogMode(location.search)
  if (!mode) return null
  const closeHref = withDialog(location, null)
  const switchHref = withDialog(location, mode === 'login' ? 'register' : 'login')
  // The whole dialog is one lazy part (auth-dialog-slot.tsx): pages render whole before their first
  // byte, so its form is in the HTML with or without JavaScript. The QR view needs a QR code from
  // the server: before hydration (and without JavaScript) it is a link to the QR page.
  const form =
    mode === 'wechat' ? (
      <>
        {hydrated ? (
          <WechatQrPart type="login" initial={null} action={wechatLoginHref(closeHref)} doneHref={closeHref} fallback={<p aria-live="polite">正在获取二维码…</p>} />
        ) : (
          <p>
            <Link to={wechatLoginHref(closeHref)}>打开微信扫码登录页面</Link>
          </p>
        )}
        <p className="auth-switch">
          <Link to={withDialog(location, 'login')} replace>
            使用邮箱登录
          </Link>
        </p>
      </>
    ) : (
      <>
        <AuthForm key={mode} mode={mode} redirectTo={closeHref} switchHref={switchHref} />
        {wechatOn ? (
          <p className="auth-switch">
            <Link to={withDialog(location, 'wechat')} replace>
              微信扫码登录
            </Link>
          </p>
        ) : null}
      </>
    )

  if (!hydrated) {
    return (
      <section className="dialog-inline" aria-labelledby="auth-dialog-title">
        <div className="dialog-card" style={{ width: 400 }}>
          <header className="dialog-header">
            <h2 id="auth-dialog-title">{AUTH_TITLES[mode]}</h2>
            <Link to={closeHref} className="dialog-close" aria-label="关闭">
              ×
            </Link>
          </header>
          {form}
        </div>
      </section>
    )
  }
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(closeHref, { replace: true, preventScrollReset: true })}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-card dialog-modal" style={{ width: 400 }} aria-describedby={undefined}>
          <header className="dialog-header">
            <Dialog.Title>{AUTH_TITLES[mode]}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label="关闭">
              ×
            </Dialog.Close>
          </header>
          {form}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

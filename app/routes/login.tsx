import { readPageForm } from '#app/utils/page-form.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { authenticateWithForm } from '#app/auth/authenticator.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { type AuthActionData, AuthForm } from '#app/components/auth/auth-form.tsx'
import { AUTH_TITLES, wechatLoginHref } from '#app/components/auth/auth-titles.ts'
import { type EmailMode, welcomeHref } from '#app/components/auth/dialog-url.ts'
import { WechatQrPart } from '#app/components/auth/wechat-qr-part.tsx'
import { appContext, userContext } from '#app/context.ts'
import { LoginSchema, RegisterSchema } from '#app/schemas/auth.ts'
import { REGISTERED_MSG, SIGNED_IN_MSG, register } from '#app/services/account.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { wechatConfig } from '#app/wechat/official-account.server.ts'
import { pageQr, pageQrAction } from '#app/wechat/qr-page.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '登录 - 起页' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), request)
  if (context.get(userContext)) throw redirect(redirectTo)
  const wechatOn = wechatConfig() !== null
  // mode=wechat: the QR view without JavaScript; this browser's QR code is made here.
  if (url.searchParams.get('mode') !== 'wechat') return { redirectTo, wechatOn, wechat: null }
  const qr = await pageQr(context.get(appContext), request, 'login', null)
  return data({ redirectTo, wechatOn, wechat: { initial: qr.initial, error: qr.error } }, { headers: qr.headers })
}

/** Both e-mail forms post here, from the dialog on any page or from this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext)
  const formData = await readPageForm(request.clone())
  const wx = formData.get('intent')
  if (typeof wx === 'string' && wx.startsWith('wx-')) {
    // The WeChat QR view's forms: they come back to this page, then go where the sign-in was for.
    const done = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), request)
    return pageQrAction(ctx, request, formData, { type: 'login', user: null, back: wechatLoginHref(done), done })
  }
  const intent: EmailMode = formData.get('intent') === 'register' ? 'register' : 'login'
  const redirectTo = safeRedirect(formData.get('redirectTo'), request)
  const fail = (result: AuthActionData['result']) => data<AuthActionData>({ intent, result }, { status: 400 })
  const login = parseWithZod(formData, { schema: LoginSchema })
  const signup = parseWithZod(formData, { schema: RegisterSchema })
  const submission = intent === 'login' ? login : signup
  if (submission.status !== 'success') return fail(submission.reply({ hideFields: ['password'] }))
  try {
    const user =
      signup.status === 'success' && intent === 'register'
        ? await register(ctx.db, signup.value, ctx.clientIp)
        : await authenticateWithForm(ctx, request)
    const cookie = await startSession(ctx.db, request, user.id, ctx.clientIp)
    // A new account chooses how its homepage starts; a sign-in goes on where it was going.
    if (intent === 'login') return redirectWithToast(redirectTo, { type: 'success', msg: SIGNED_IN_MSG }, { 'Set-Cookie': cookie })
    return redirectWithToast(welcomeHref(redirectTo), { type: 'success', msg: REGISTERED_MSG }, { 'Set-Cookie': cookie })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
    return fail(submission.reply({ ...errors, hideFields: ['password'] }))
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const { wechat, redirectTo } = loaderData
  if (wechat) {
    const email = new URLSearchParams({ mode: 'login', redirectTo })
    return (
      <main id="main" className="page page-narrow">
        <div className="dialog-card" style={{ width: 400 }}>
          <h1 className="dialog-title">{AUTH_TITLES.wechat}</h1>
          {wechat.initial ? (
            <WechatQrPart type="login" initial={wechat.initial} action={wechatLoginHref(redirectTo)} doneHref={redirectTo} />
          ) : (
            <p className="form-error" role="alert">
              {wechat.error}
            </p>
          )}
          <p className="auth-switch">
            <Link to={`/login?${email}`}>使用邮箱登录</Link>
          </p>
        </div>
      </main>
    )
  }
  const mode: EmailMode = actionData && 'intent' in actionData ? actionData.intent : params.get('mode') === 'register' ? 'register' : 'login'
  const other = new URLSearchParams(params)
  other.set('mode', mode === 'login' ? 'register' : 'login')
  const wechatHref = wechatLoginHref(redirectTo)
  return (
    <main id="main" className="page page-narrow">
      <div className="dialog-card" style={{ width: 400 }}>
        <h1 className="dialog-title">{AUTH_TITLES[mode]}</h1>
        <AuthForm
          key={mode}
          mode={mode}
          redirectTo={loaderData.redirectTo}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          switchHref={`/login?${other.toString()}`}
        />
        {loaderData.wechatOn ? (
          <p className="auth-switch">
            <Link to={wechatHref}>微信扫码登录</Link>
          </p>
        ) : null}
      </div>
    </main>
  )
}

import { readPageForm } from '#app/utils/page-form.server.ts'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/email.confirm'
import { appContext, userContext } from '#app/context.ts'
import { appMailer } from '#app/mail/mailer.server.ts'
import { checkEmailChange, confirmEmailChange, EMAIL_CHANGED } from '#app/services/email-change.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '确认新邮箱 - 起页' }]

/** The address carries the token: nobody keeps a copy of this page. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/**
 * The link from the mail shows a button, and only its POST changes the address: a mail scanner
 * that opens every link must not use it up.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? ''
  try {
    const { email } = await checkEmailChange(context.get(appContext).db, token)
    return { token, email, refusal: null }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ token: '', email: '', refusal: error.message }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request)
  const token = form.get('token')
  try {
    await confirmEmailChange(context.get(appContext).db, typeof token === 'string' ? token : '', appMailer())
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ refusal: error.message }, { status: 400 })
  }
  return redirectWithToast(context.get(userContext) ? '/user/account' : '/login', { type: 'success', msg: EMAIL_CHANGED })
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const refusal = actionData?.refusal ?? loaderData.refusal
  return (
    <main id="main" className="page page-narrow">
      <div className="dialog-card account-card">
        <h1 className="dialog-title">确认新邮箱</h1>
        {refusal ? (
          <div className="auth-form">
            <p className="form-error" role="alert">
              {refusal}
            </p>
            <p className="auth-switch">
              <Link to="/user/account">返回账号设置</Link>
            </p>
          </div>
        ) : (
          <Form method="post" className="auth-form">
            <input type="hidden" name="token" value={loaderData.token} />
            <p>
              把起页的登录邮箱改为 <strong>{loaderData.email}</strong>？
            </p>
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? '请稍候…' : '确认修改'}
            </button>
          </Form>
        )}
      </div>
    </main>
  )
}

import { readPageForm } from '#app/utils/page-form.server.ts'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/forget.reset-password'
import { FormError, TextField } from '#app/components/manage/fields.tsx'
import { appContext } from '#app/context.ts'
import { ResetPasswordSchema } from '#app/schemas/auth.ts'
import { checkResetToken, RESET_DONE, resetPassword } from '#app/services/password-reset.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '设置新密码 - 起页' }]

/** The address carries the token: nobody keeps a copy of this page. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

/** The link from the mail: the form when the link can be used, otherwise why not. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  const token = url.searchParams.get('token') ?? ''
  try {
    await checkResetToken(db, token)
    return { token, refusal: null }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ token: '', refusal: error.message }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  }
}

/** Sets the password and ends every session of the account, then on to sign in. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext)
  const submission = parseWithZod(await readPageForm(request), { schema: ResetPasswordSchema })
  const hide = { hideFields: ['password', 'confirm'] }
  if (submission.status !== 'success') return data({ result: submission.reply(hide), refusal: null }, { status: 400 })
  try {
    await resetPassword(db, submission.value)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ result: null, refusal: error.message }, { status: 400 })
  }
  return redirectWithToast('/login', { type: 'success', msg: RESET_DONE })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const refusal = actionData?.refusal ?? loaderData.refusal
  const [form, fields] = useForm({
    id: 'reset-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  })
  return (
    <main id="main" className="page page-narrow">
      <div className="dialog-card account-card">
        <h1 className="dialog-title">设置新密码</h1>
        {refusal ? (
          <div className="auth-form">
            <p className="form-error" role="alert">
              {refusal}
            </p>
            <p className="auth-switch">
              <Link to="/forget/input-email">重新找回密码</Link>
            </p>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
            <input type="hidden" name="token" value={loaderData.token} />
            <FormError id={form.errorId} errors={form.errors} />
            <TextField field={fields.password} label="新密码" type="password" autoComplete="new-password" hint="至少6位，可以使用中文，不会被截断" />
            <TextField field={fields.confirm} label="确认新密码" type="password" autoComplete="new-password" />
            <p className="field-hint">设置后，这个账号在所有设备上的登录都会退出。</p>
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? '请稍候…' : '设置新密码'}
            </button>
          </Form>
        )}
      </div>
    </main>
  )
}

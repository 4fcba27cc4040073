import { readPageForm } from '#app/utils/page-form.server.ts'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/forget.input-email'
import { FormError, TextField } from '#app/components/manage/fields.tsx'
import { appContext } from '#app/context.ts'
import { appMailer } from '#app/mail/mailer.server.ts'
import { CheckEmailSchema } from '#app/schemas/auth.ts'
import { requestPasswordReset, resetSentMessage } from '#app/services/password-reset.server.ts'
import { DomainError } from '#app/utils/errors.ts'

export const meta: Route.MetaFunction = () => [{ title: '找回密码 - 起页' }]

export function loader({ url }: Route.LoaderArgs) {
  // The same words for every address, known or not (SECURITY.md §4 F42).
  return { sent: url.searchParams.get('sent') === '1' ? resetSentMessage() : null }
}

/** Asks for the mail; the answer does not wait for it (nor for looking the address up). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp } = context.get(appContext)
  const submission = parseWithZod(await readPageForm(request), { schema: CheckEmailSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    const { delivery } = await requestPasswordReset(db, submission.value, { ip: clientIp, mail: appMailer() })
    delivery.catch((error: unknown) => console.error('Password-reset mail failed:', error))
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 400 })
  }
  return redirect('/forget/input-email?sent=1')
}

export default function ForgetInputEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    id: 'forget-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckEmailSchema }),
  })
  return (
    <main id="main" className="page page-narrow">
      <div className="dialog-card account-card">
        <h1 className="dialog-title">找回密码</h1>
        {loaderData.sent ? (
          <div className="auth-form">
            <p role="status" className="form-success">
              {loaderData.sent}
            </p>
            <p className="muted">没有收到？看看垃圾邮件，或者过几分钟再试一次。</p>
            <p className="auth-switch">
              <Link to="/login">返回登录</Link>
            </p>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
            <p className="muted">输入注册时的邮箱，我们会发送一封带有重置链接的邮件。</p>
            <FormError id={form.errorId} errors={form.errors} />
            <TextField field={fields.email} label="邮箱" type="email" autoComplete="email" placeholder="请输入邮箱地址" />
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              {busy ? '请稍候…' : '发送重置邮件'}
            </button>
            <p className="auth-switch">
              想起来了？<Link to="/login">去登录</Link>
            </p>
          </Form>
        )}
      </div>
    </main>
  )
}

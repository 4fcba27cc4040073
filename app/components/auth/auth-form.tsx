import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useId } from 'react'
import { Link, useFetcher } from 'react-router'
import { LoginSchema, RegisterSchema } from '#app/schemas/auth.ts'
import { AUTH_TITLES } from './auth-titles.ts'
import type { EmailMode } from './dialog-url.ts'
import { SocialButtons } from './social-buttons.tsx'
import { FieldError } from '#app/components/manage/fields.tsx'

export type AuthActionData = { intent: EmailMode; result: SubmissionResult<string[]> }

/**
 * The e-mail login / register form. It posts to /login (a real action), so it works as a plain
 * HTML form; with JavaScript it validates with the same zod schema on blur and submits through
 * a fetcher, so errors appear in place and success follows the action's redirect.
 */
export function AuthForm({
  mode,
  redirectTo,
  lastResult,
  switchHref,
}: {
  mode: EmailMode
  redirectTo: string
  lastResult?: SubmissionResult<string[]> | null
  /** Where the "register instead" / "log in instead" link goes. */
  switchHref: string
}) {
  const fetcher = useFetcher<AuthActionData>()
  const schema = mode === 'login' ? LoginSchema : RegisterSchema
  const fetched = fetcher.data?.intent === mode ? fetcher.data.result : undefined
  const [form, fields] = useForm({
    id: `${mode}-form`,
    lastResult: fetcher.state === 'idle' ? (fetched ?? lastResult) : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const emailCheck = useFetcher<{ code: number; msg: string }>()
  const takenMessage = mode === 'register' && emailCheck.data && emailCheck.data.code !== 1 ? emailCheck.data.msg : undefined
  const busy = fetcher.state !== 'idle'
  const hintId = useId()
  const all = fields as unknown as Record<string, (typeof fields)['email']>
  const nickname = all.nickname

  useEffect(() => {
    if (fetched?.status === 'error') document.getElementById(form.id)?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus()
  }, [fetched, form.id])

  const input = (
    field: (typeof fields)['email'],
    type: 'text' | 'email' | 'password',
    extra: object = {},
    ariaDescribedBy?: string,
  ) => {
    const props = getInputProps(field, { type, ariaDescribedBy })
    return <input {...props} key={props.key} {...extra} />
  }

  return (
    <fetcher.Form method="post" action="/login" {...getFormProps(form)} noValidate className="auth-form">
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {form.errors?.length ? (
        <p id={form.errorId} className="form-error" role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      {mode === 'register' && nickname ? (
        <div className="field">
          <label htmlFor={nickname.id}>昵称</label>
          {input(nickname, 'text', { autoComplete: 'nickname', placeholder: '请输入昵称' })}
          <FieldError id={nickname.errorId} errors={nickname.errors} />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={fields.email.id}>邮箱</label>
        {input(fields.email, 'email', {
          autoComplete: mode === 'login' ? 'username' : 'email',
          placeholder: '请输入邮箱地址',
          onBlur:
            mode === 'register'
              ? (event: React.FocusEvent<HTMLInputElement>) => {
                  const value = event.currentTarget.value.trim()
                  // A check changes nothing, so the page is not revalidated after it. Revalidating
                  // raced the sign-up: a reload of /login that saw the new session redirected to
                  // where the sign-up began, and that navigation won over the one to /welcome.
                  if (value) {
                    emailCheck.submit({ user_email: value }, { method: 'post', action: '/api/sign/check-email', defaultShouldRevalidate: false })
                  }
                }
              : undefined,
        })}
        <FieldError id={fields.email.errorId} errors={fields.email.errors ?? (takenMessage ? [takenMessage] : undefined)} />
      </div>
      <div className="field">
        <label htmlFor={fields.password.id}>密码</label>
        {input(fields.password, 'password', {
          autoComplete: mode === 'login' ? 'current-password' : 'new-password',
          placeholder: mode === 'login' ? '请输入登录密码' : '至少6位',
        }, mode === 'register' ? hintId : undefined)}
        {mode === 'register' ? (
          <p id={hintId} className="field-hint">
            至少6位，可以使用中文，不会被截断
          </p>
        ) : null}
        <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      </div>
      {mode === 'login' ? (
        <p className="auth-forgot">
          <Link to="/forget/input-email">忘记密码？</Link>
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? '请稍候…' : AUTH_TITLES[mode]}
      </button>
      <p className="auth-switch">
        {mode === 'login' ? '还没有账号？' : '已有账号？'}
        <Link to={switchHref} replace>
          {mode === 'login' ? '注册新账号' : '去登录'}
        </Link>
      </p>
      <SocialButtons redirectTo={redirectTo} />
      <p className="auth-terms muted">
        {mode === 'login' ? '登录' : '注册'}即表示你同意<Link to="/terms">用户协议</Link>和<Link to="/privacy">隐私政策</Link>
      </p>
    </fetcher.Form>
  )
}

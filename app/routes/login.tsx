import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { authenticateWithForm } from '#app/auth/authenticator.server.ts'
import { startSession } from '#app/auth/session.server.ts'
import { type AuthActionData, AuthForm } from '#app/components/auth/auth-form.tsx'
import { AUTH_TITLES, type AuthMode } from '#app/components/auth/dialog-url.ts'
import { appContext, userContext } from '#app/context.ts'
import { LoginSchema, RegisterSchema } from '#app/schemas/auth.ts'
import { register } from '#app/services/account.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '登录 - 起页' }]

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), request)
  if (context.get(userContext)) throw redirect(redirectTo)
  return { redirectTo }
}

/** Both e-mail forms post here, from the dialog on any page or from this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext)
  const formData = await request.clone().formData()
  const intent: AuthMode = formData.get('intent') === 'register' ? 'register' : 'login'
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
    const msg = intent === 'login' ? '登录成功' : '注册成功，页面即将刷新'
    return redirectWithToast(redirectTo, { type: 'success', msg }, { 'Set-Cookie': cookie })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
    return fail(submission.reply({ ...errors, hideFields: ['password'] }))
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const mode: AuthMode = actionData?.intent ?? (params.get('mode') === 'register' ? 'register' : 'login')
  const other = new URLSearchParams(params)
  other.set('mode', mode === 'login' ? 'register' : 'login')
  return (
    <main id="main" className="page page-narrow">
      <div className="dialog-card" style={{ width: 400 }}>
        <h1 className="dialog-title">{AUTH_TITLES[mode]}</h1>
        <AuthForm
          key={mode}
          mode={mode}
          redirectTo={loaderData.redirectTo}
          lastResult={actionData?.result}
          switchHref={`/login?${other.toString()}`}
        />
      </div>
    </main>
  )
}

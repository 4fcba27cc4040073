import { refusedForm } from '#app/utils/page-form.server.ts'
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/user.account'
import { centreUser } from './user-centre.server.ts'
import { type OAuthProvider, oauthStartHref, PROVIDER_LABELS } from '#app/auth/oauth-providers.ts'
import { configuredProviders } from '#app/auth/oauth.server.ts'
import { readSessionToken, startSession } from '#app/auth/session.server.ts'
import { FieldError, FormError, TextField } from '#app/components/manage/fields.tsx'
import { appContext } from '#app/context.ts'
import { changeEmailSchema, changePasswordSchema, NicknameSchema } from '#app/schemas/auth.ts'
import { emailChangeSent, requestEmailChange } from '#app/services/email-change.server.ts'
import { appMailer } from '#app/mail/mailer.server.ts'
import { AVATAR_SAVED, changeAvatar, changeNickname, changePassword, NICKNAME_SAVED, PASSWORD_CHANGED } from '#app/services/user-account.server.ts'
import { listIdentities, unlinkIdentity } from '#app/services/oauth.server.ts'
import { IMAGE_LIMITS } from '#app/uploads/image.server.ts'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { uploadImageSrc } from '#app/uploads/upload-path.ts'
import { WECHAT_PROVIDER } from '#app/services/wechat-login.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { wechatConfig } from '#app/wechat/official-account.server.ts'
import { isWechatBindingIntent, wechatBinding, wechatBindingAction } from '#app/wechat/account-binding.server.ts'
import { BIND_WECHAT_DIALOG, BIND_WECHAT_HREF, WechatBinding } from '#app/components/account/wechat-binding.tsx'

const ACCOUNT_PAGE = href('/user/account')
const INTENTS = ['nickname', 'avatar', 'email', 'password', 'unlink'] as const
type Intent = (typeof INTENTS)[number]
type ActionData = { intent: Intent; result: SubmissionResult<string[]> }

export const meta: Route.MetaFunction = () => [{ title: '账号设置 - 起页' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = centreUser(context)
  const identities = await listIdentities(context.get(appContext).db, user.id)
  // WeChat: a line when configured or already bound; its dialog (?dialog=bind-wx) when open.
  const wechatBound = identities.some((i) => i.provider === WECHAT_PROVIDER)
  const binding = new URL(request.url).searchParams.get('dialog') === BIND_WECHAT_DIALOG ? await wechatBinding(context.get(appContext), request, user) : null
  return data({
    nickname: user.nickname,
    email: user.email,
    avatar: user.avatar,
    // The linked ways in, and the configured providers not linked yet (their link buttons).
    identities: identities.filter((i) => i.provider !== WECHAT_PROVIDER).map((i) => ({ provider: i.provider, displayName: i.displayName })),
    linkable: configuredProviders().filter((p) => !identities.some((i) => i.provider === p)),
    hasPassword: user.passwordHash !== null,
    wechat: wechatBound || wechatConfig() ? { bound: wechatBound, dialog: binding?.view ?? null } : null,
  }, { headers: binding?.headers ?? {} })
}

/** The page's three forms, told apart by `intent`; each answers its own errors, a success is a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db, clientIp } = context.get(appContext)
  const limit = IMAGE_LIMITS.avatar
  let form: FormData
  try {
    // Capped as it arrives: an avatar is at most 500 KB, the other forms are tiny.
    form = await readFormDataCapped(request, limit.maxBytes + 64 * 1024, limit.sizeMessage)
  } catch (error) {
    if (error instanceof UnreadableBodyError || !(error instanceof DomainError)) throw refusedForm(error)
    return redirectWithToast(ACCOUNT_PAGE, { type: 'error', msg: error.message })
  }
  if (isWechatBindingIntent(form.get('intent'))) return wechatBindingAction(context.get(appContext), request, form, user)
  const intent = INTENTS.find((i) => i === form.get('intent'))
  if (!intent) return redirectWithToast(ACCOUNT_PAGE, { type: 'error', msg: '操作失败' })
  const fail = (result: SubmissionResult<string[]>) => data<ActionData>({ intent, result }, { status: 400 })

  if (intent === 'nickname') {
    const submission = parseWithZod(form, { schema: NicknameSchema })
    if (submission.status !== 'success') return fail(submission.reply())
    await changeNickname(db, user, submission.value.nickname)
    return redirectWithToast(ACCOUNT_PAGE, { type: 'success', msg: NICKNAME_SAVED })
  }

  if (intent === 'avatar') {
    const file = form.get('avatar')
    if (!(file instanceof File) || file.size === 0) return fail({ status: 'error', error: { avatar: ['请选择要上传的图片'] } })
    try {
      await changeAvatar(db, user, Buffer.from(await file.arrayBuffer()))
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return fail({ status: 'error', error: { avatar: [error.message] } })
    }
    return redirectWithToast(ACCOUNT_PAGE, { type: 'success', msg: AVATAR_SAVED })
  }

  if (intent === 'email') {
    const submission = parseWithZod(form, { schema: changeEmailSchema(user.passwordHash !== null) })
    const hide = { hideFields: ['current'] }
    if (submission.status !== 'success') return fail(submission.reply(hide))
    let sentTo: string
    try {
      ;({ email: sentTo } = await requestEmailChange(db, user, submission.value, { mail: appMailer(), sessionToken: readSessionToken(request) }))
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
      return fail(submission.reply({ ...errors, ...hide }))
    }
    return redirectWithToast(ACCOUNT_PAGE, { type: 'success', msg: emailChangeSent(sentTo) })
  }

  if (intent === 'unlink') {
    try {
      const msg = await unlinkIdentity(db, user, String(form.get('provider') ?? ''))
      return redirectWithToast(ACCOUNT_PAGE, { type: 'success', msg })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return redirectWithToast(ACCOUNT_PAGE, { type: 'error', msg: error.message })
    }
  }

  const submission = parseWithZod(form, { schema: changePasswordSchema(user.passwordHash !== null) })
  const hide = { hideFields: ['current', 'password', 'confirm'] }
  if (submission.status !== 'success') return fail(submission.reply(hide))
  try {
    await changePassword(db, user, submission.value, readSessionToken(request))
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
    return fail(submission.reply({ ...errors, ...hide }))
  }
  // A new token for this browser too (SECURITY.md §2.5: rotate on a password change).
  const cookie = await startSession(db, request, user.id, clientIp)
  return redirectWithToast(ACCOUNT_PAGE, { type: 'success', msg: PASSWORD_CHANGED }, { 'Set-Cookie': cookie })
}

/** What the three forms share: their ids, and this intent's answer as their last result. */
const formOptions = (id: Intent, actionData: ActionData | undefined) => ({
  id: `account-${id}`,
  lastResult: actionData?.intent === id ? actionData.result : undefined,
  shouldValidate: 'onBlur' as const,
  shouldRevalidate: 'onInput' as const,
})

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = (intent: Intent) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const [nicknameForm, nicknameFields] = useForm({
    ...formOptions('nickname', actionData),
    defaultValue: { nickname: loaderData.nickname },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NicknameSchema }),
  })
  const [avatarForm] = useForm(formOptions('avatar', actionData))
  const emailSchema = changeEmailSchema(loaderData.hasPassword)
  const [emailForm, emailFields] = useForm({
    ...formOptions('email', actionData),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailSchema }),
  })
  const passwordSchema = changePasswordSchema(loaderData.hasPassword)
  const [passwordForm, passwordFields] = useForm({
    ...formOptions('password', actionData),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
  })
  const avatarError = actionData?.intent === 'avatar' ? (actionData.result.error?.avatar ?? undefined) : undefined
  return (
    <section className="user-main account-page" aria-labelledby="account-title">
      <h1 id="account-title">账号设置</h1>
      <p className="muted">登录邮箱：{loaderData.email ?? '未设置'}</p>
      {loaderData.wechat ? (
        <p>
          {loaderData.wechat.bound ? '已绑定微信。' : '还没有绑定微信。'}
          <Link to={BIND_WECHAT_HREF}>{loaderData.wechat.bound ? '管理微信绑定' : '绑定微信'}</Link>
        </p>
      ) : null}
      {loaderData.wechat?.dialog ? <WechatBinding view={loaderData.wechat.dialog} /> : null}

      <section className="account-section" aria-labelledby="account-avatar-title">
        <h2 id="account-avatar-title">头像</h2>
        <div className="account-avatar-row">
          {loaderData.avatar ? (
            <img className="account-avatar" src={uploadImageSrc(loaderData.avatar, 96)} alt="当前头像" width={96} height={96} />
          ) : (
            <span className="account-avatar account-avatar-empty" aria-label="还没有头像" role="img">
              {[...loaderData.nickname][0]}
            </span>
          )}
          <Form method="post" encType="multipart/form-data" {...getFormProps(avatarForm)} className="auth-form">
            <input type="hidden" name="intent" value="avatar" />
            <div className="field">
              <label htmlFor="account-avatar-file">选择图片</label>
              <input
                id="account-avatar-file"
                type="file"
                name="avatar"
                accept="image/jpeg,image/png,image/webp,image/gif"
                aria-describedby="account-avatar-hint"
                aria-invalid={avatarError ? true : undefined}
                aria-errormessage={avatarError ? 'account-avatar-error' : undefined}
              />
              <p id="account-avatar-hint" className="field-hint">
                JPG、PNG、WebP 或 GIF，不超过500KB；会取图片中间的正方形。
              </p>
              <FieldError id="account-avatar-error" errors={avatarError} />
            </div>
            <div>
              <button type="submit" className="button button-primary" disabled={busy('avatar')}>
                {busy('avatar') ? '上传中…' : '上传头像'}
              </button>
            </div>
          </Form>
        </div>
      </section>

      <section className="account-section" aria-labelledby="account-nickname-title">
        <h2 id="account-nickname-title">昵称</h2>
        <Form method="post" {...getFormProps(nicknameForm)} noValidate className="auth-form">
          <input type="hidden" name="intent" value="nickname" />
          <TextField field={nicknameFields.nickname} label="昵称" type="text" autoComplete="nickname" hint="最多20个字" />
          <div>
            <button type="submit" className="button button-primary" disabled={busy('nickname')}>
              保存昵称
            </button>
          </div>
        </Form>
      </section>

      <section className="account-section" aria-labelledby="account-email-title">
        <h2 id="account-email-title">{loaderData.email ? '修改邮箱' : '设置邮箱'}</h2>
        <Form method="post" {...getFormProps(emailForm)} noValidate className="auth-form">
          <input type="hidden" name="intent" value="email" />
          <FormError id={emailForm.errorId} errors={emailForm.errors} />
          <TextField field={emailFields.email} label="新邮箱" type="email" autoComplete="email" placeholder="请输入邮箱地址" />
          {loaderData.hasPassword ? <TextField field={emailFields.current} label="当前密码" type="password" autoComplete="current-password" /> : null}
          <p className="field-hint">我们会向新邮箱发送一封确认邮件，打开其中的链接后才会修改{loaderData.email ? '，并通知原邮箱' : ''}。</p>
          <div>
            <button type="submit" className="button button-primary" disabled={busy('email')}>
              发送确认邮件
            </button>
          </div>
        </Form>
      </section>

      <section className="account-section" aria-labelledby="account-password-title">
        <h2 id="account-password-title">{loaderData.hasPassword ? '修改密码' : '设置密码'}</h2>
        <Form method="post" {...getFormProps(passwordForm)} noValidate className="auth-form">
          <input type="hidden" name="intent" value="password" />
          <FormError id={passwordForm.errorId} errors={passwordForm.errors} />
          {/* For password managers: which account this is. */}
          <input type="email" name="username" autoComplete="username" value={loaderData.email ?? ''} readOnly hidden />
          {loaderData.hasPassword ? <TextField field={passwordFields.current} label="当前密码" type="password" autoComplete="current-password" /> : null}
          <TextField field={passwordFields.password} label="新密码" type="password" autoComplete="new-password" hint="至少6位，可以使用中文，不会被截断" />
          <TextField field={passwordFields.confirm} label="确认新密码" type="password" autoComplete="new-password" />
          <p className="field-hint">
            修改后，其他设备上的登录都会退出。{loaderData.email ? null : '设置登录邮箱后，就能用邮箱和密码登录。'}
          </p>
          <div>
            <button type="submit" className="button button-primary" disabled={busy('password')}>
              {loaderData.hasPassword ? '修改密码' : '设置密码'}
            </button>
          </div>
        </Form>
      </section>

      <LinkedWaysIn identities={loaderData.identities} linkable={loaderData.linkable} busy={busy('unlink')} />
    </section>
  )
}

/** The social accounts linked to this one: unlink (a POST), or link another (a plain link to its start). */
function LinkedWaysIn({ identities, linkable, busy }: { identities: { provider: string; displayName: string | null }[]; linkable: OAuthProvider[]; busy: boolean }) {
  const label = (provider: string) => PROVIDER_LABELS[provider as OAuthProvider] ?? provider
  return (
    <section className="account-section" aria-labelledby="account-identities-title">
      <h2 id="account-identities-title">第三方账号</h2>
      {identities.length ? (
        <ul className="identity-list">
          {identities.map((identity) => (
            <li key={identity.provider}>
              <span>{`${label(identity.provider)}：${identity.displayName || '已绑定'}`}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="provider" value={identity.provider} />
                <button type="submit" className="button" disabled={busy}>
                  {`解绑${label(identity.provider)}`}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">还没有绑定第三方账号。</p>
      )}
      {linkable.length ? (
        <p className="social-login-buttons">
          {linkable.map((provider) => (
            <Link key={provider} to={oauthStartHref(provider, ACCOUNT_PAGE)} reloadDocument className="button social-button" data-provider={provider}>
              {`绑定${label(provider)}`}
            </Link>
          ))}
        </p>
      ) : null}
      <p className="field-hint">绑定后可以用该账号直接登录。至少要保留一种登录方式（密码或一个第三方账号）。</p>
    </section>
  )
}

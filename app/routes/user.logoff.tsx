import { readPageForm } from '#app/utils/page-form.server.ts'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/user.logoff'
import { centreUser } from './user-centre.server.ts'
import { clearSessionCookie, readSessionToken } from '#app/auth/session.server.ts'
import { FieldError, FormError, TextField } from '#app/components/manage/fields.tsx'
import { appContext } from '#app/context.ts'
import { deleteAccountSchema } from '#app/schemas/auth.ts'
import { ACCOUNT_DELETED, deleteAccount } from '#app/services/account-deletion.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

export const meta: Route.MetaFunction = () => [{ title: '注销账号 - 起页' }]

export function loader({ context }: Route.LoaderArgs) {
  const user = centreUser(context)
  return { hasPassword: user.passwordHash !== null, nickname: user.nickname, email: user.email }
}

/** Deletes the account at once (ADR 021), then signs this browser out: its session went with the account. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const schema = deleteAccountSchema(user.passwordHash !== null)
  const submission = parseWithZod(await readPageForm(request), { schema })
  const hide = { hideFields: ['password'] }
  if (submission.status !== 'success') return data({ result: submission.reply(hide) }, { status: 400 })
  try {
    await deleteAccount(db, user, submission.value, { sessionToken: readSessionToken(request) })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const errors = error.field ? { fieldErrors: { [error.field]: [error.message] } } : { formErrors: [error.message] }
    return data({ result: submission.reply({ ...errors, ...hide }) }, { status: 400 })
  }
  return redirectWithToast('/', { type: 'success', msg: ACCOUNT_DELETED }, { 'Set-Cookie': clearSessionCookie(request) })
}

export default function Logoff({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const schema = deleteAccountSchema(loaderData.hasPassword)
  const [form, fields] = useForm({
    id: 'logoff-form',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const confirm = fields.confirm
  return (
    <section className="user-main logoff-page" aria-labelledby="logoff-title">
      <h1 id="logoff-title">注销账号</h1>
      <p>注销后，账号会立即被删除，无法恢复：</p>
      <ul className="logoff-list">
        <li>你创建的全部主页，以及其中的模块、分类、书签和便签；</li>
        <li>你上传的图标、头像等图片（别人也在使用的除外）；</li>
        <li>你在别人主页中的成员身份和关注，你分享和关注的分类；</li>
        <li>登录记录、在线设备、浏览记录、消息通知和绑定的第三方登录。</li>
      </ul>
      <p>
        <strong>注销前，建议先<Link to={href('/user/export')}>导出书签</Link>，把数据保存到本地。</strong>
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
        <FormError id={form.errorId} errors={form.errors} />
        {loaderData.hasPassword ? (
          <>
            {/* For password managers: which account this is. */}
            <input type="email" name="username" autoComplete="username" value={loaderData.email ?? ''} readOnly hidden />
            <TextField field={fields.password} label="当前密码" type="password" autoComplete="current-password" />
          </>
        ) : (
          <TextField field={fields.nickname} label="输入你的昵称以确认" type="text" autoComplete="off" hint={`你的昵称是：${loaderData.nickname}`} />
        )}
        <div className="field field-check">
          <label>
            <input {...getInputProps(confirm, { type: 'checkbox' })} key={confirm.key} />
            我已了解：注销后所有数据将被删除，无法恢复
          </label>
          <FieldError id={confirm.errorId} errors={confirm.errors} />
        </div>
        <div>
          <button type="submit" className="button button-danger" disabled={busy}>
            {busy ? '正在注销…' : '永久注销账号'}
          </button>
        </div>
      </Form>
    </section>
  )
}

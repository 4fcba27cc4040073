import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/group.create'
import { pathOf, signInHref } from '#app/components/auth/dialog-url.ts'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { GroupForm, type GroupFormValues } from '#app/components/groups/group-form.tsx'
import { GROUP_EXPLORE_HREF, groupHref } from '#app/components/groups/group-href.ts'
import { GroupNav } from '#app/components/groups/group-nav.tsx'
import { FETCH_ICON_INTENT, ICON_REMOTE_FIELD } from '#app/components/image-icon-tools.tsx'
import { canInGroup } from '#app/auth/group-permissions.ts'
import { signedInUser } from '#app/auth/signed-in.server.ts'
import { appContext } from '#app/context.ts'
import { storeIconFile } from '#app/dialogs/registry.server.ts'
import { loadIconPicker } from '#app/icons/picker.server.ts'
import { readIconPickerParams } from '#app/icons/picker-params.ts'
import { GroupSchema } from '#app/schemas/group.ts'
import { idOf } from '#app/schemas/ids.ts'
import { RemoteIconQuerySchema } from '#app/schemas/web-content.ts'
import { groupDetail, GROUP_SAVED_MSG, saveGroup } from '#app/services/groups.server.ts'
import { rememberIcon } from '#app/services/icons.server.ts'
import { remoteIcon } from '#app/services/web-content.server.ts'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { refusedForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { firstIssue } from '#app/utils/zod.ts'

/**
 * `/group/create` (spec §2): a new group, or with `?id=` the owner's own group to edit (anyone
 * else, and a group that is gone, get the not-found page). Guests sign in first and come back.
 */

const GROUP_CREATED_MSG = '创建成功'
/** What a new group starts with: public (the table's default), the 团队 icon. */
const NEW_GROUP: GroupFormValues = { name: '', summary: '', icon: 'tabler:users', isOpen: true }
/** The form's fields and at most one icon of 500 KB (the category forms' limit). */
const FORM_MAX_BYTES = 600 * 1024
const UPLOAD_TOO_BIG_MSG = '文件大小不能超过500KB'

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const editId = url.searchParams.has('id') ? (idOf(url.searchParams.get('id')) ?? 0) : undefined
  let group = NEW_GROUP
  if (editId !== undefined) {
    // Not the owner's (or gone): the same page as a group that never was, so ids reveal nothing.
    const detail = await groupDetail(db, user, editId).catch((error: unknown) => {
      if (error instanceof DomainError) return null
      throw error
    })
    if (!detail || !canInGroup(detail.role, 'edit-group')) throw data(NOT_FOUND_MSG, { status: 404 })
    group = { id: detail.id, name: detail.name, summary: detail.summary, icon: detail.icon, isOpen: detail.isOpen }
  }
  return {
    headerTitle: group.id ? '编辑小组' : '创建小组',
    group,
    iconPicker: await loadIconPicker(db, user, { ...readIconPickerParams(url), value: group.icon }),
  }
}

type ActionData = { result: SubmissionResult<string[]> }

/** The text fields as sent (what the form shows again), without the buttons' intent or files. */
function formValues(formData: FormData) {
  const values: Record<string, string> = {}
  for (const [name, value] of formData) if (typeof value === 'string' && name !== 'intent') values[name] = value
  return values
}

/**
 * 创建小组 / 保存 (POST/redirect/GET: to the group's page with a toast), or without JavaScript
 * 获取 of a remote icon (the form comes back with it picked). Errors come back beside their field.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  let formData: FormData
  try {
    formData = await readFormDataCapped(request, FORM_MAX_BYTES, UPLOAD_TOO_BIG_MSG)
  } catch (error) {
    if (error instanceof UnreadableBodyError || !(error instanceof DomainError)) throw refusedForm(error)
    // Too large: nothing of the form arrived to show again.
    return redirectWithToast(pathOf(url), { type: 'error', msg: error.message })
  }
  const again = (result: SubmissionResult<string[]>, status = 400) => data<ActionData>({ result }, { status })
  if (formData.getAll('intent').at(-1) === FETCH_ICON_INTENT) {
    const initialValue = formValues(formData)
    const remote = RemoteIconQuerySchema.shape.url.safeParse(formData.get(ICON_REMOTE_FIELD))
    try {
      if (!remote.success) throw new DomainError(firstIssue(remote.error))
      const icon = await remoteIcon(db, user, remote.data)
      return again({ initialValue: { ...initialValue, icon, [ICON_REMOTE_FIELD]: '' } }, 200)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return again({ status: 'error', initialValue, error: { icon: [error.message] } })
    }
  }
  const refused = await storeIconFile(db, user, formData)
  if (refused) return again({ status: 'error', initialValue: formValues(formData), error: { icon: [refused] } })
  // The group edited is the page's (`?id=`), whatever the form says.
  formData.delete('id')
  if (url.searchParams.has('id')) formData.set('id', url.searchParams.get('id') ?? '')
  const submission = parseWithZod(formData, { schema: GroupSchema })
  if (submission.status !== 'success') return again(submission.reply())
  try {
    const { id } = await saveGroup(db, user, submission.value)
    if (submission.value.icon) await rememberIcon(db, user, submission.value.icon)
    return redirectWithToast(groupHref(id), { type: 'success', msg: submission.value.id ? GROUP_SAVED_MSG : GROUP_CREATED_MSG })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(pathOf(url)))
    if (!(error instanceof DomainError)) throw error
    return again(submission.reply({ formErrors: [error.message] }))
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.group.id ? '编辑小组' : '创建小组'} - 起页` }]

export default function GroupCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData
  const here = group.id ? `/group/create?id=${group.id}` : '/group/create'
  return (
    <main id="main" className="page group-page">
      <GroupNav signedIn />
      <section className="group-panel group-form-panel" aria-labelledby="group-form-title">
        <h1 id="group-form-title">{group.id ? '编辑小组' : '创建小组'}</h1>
        {group.id ? null : <p className="muted">创建后你就是小组的创建者，可以添加分类和书签，邀请成员一起整理。</p>}
        <GroupForm
          group={group}
          iconPicker={loaderData.iconPicker}
          baseHref={here}
          cancelHref={group.id ? groupHref(group.id) : GROUP_EXPLORE_HREF}
          lastResult={actionData?.result}
        />
      </section>
    </main>
  )
}

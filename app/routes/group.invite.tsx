import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/group.invite'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { GroupCard } from '#app/components/groups/group-card.tsx'
import { cardViewOf } from '#app/components/groups/types.ts'
import { groupHref, groupInviteHref, inviteCodeOf } from '#app/components/groups/group-href.ts'
import { GroupNav } from '#app/components/groups/group-nav.tsx'
import { JoinCodeForm } from '#app/components/groups/join-code-form.tsx'
import { canInGroup } from '#app/auth/group-permissions.ts'
import { appContext, userContext } from '#app/context.ts'
import { groupCodeInfo, joinGroupByCode } from '#app/services/group-people.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/group/invite?code=…` (spec §2 group invite): the group a working code invites to, as its card,
 * and a 加入小组 form. A wrong, expired or switched-off code says 邀请码无效或已失效 and offers the
 * code box again. A guest sees the group and signs in to join, coming back here. Each look-up
 * counts against the address and the user (groupCodeInfo), as the homepage invite does.
 */

const NO_CODE_MSG = '请输入邀请码'

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const { db, clientIp } = context.get(appContext)
  const code = inviteCodeOf(url.searchParams.get('code'))
  // The page's own address, with the code as it will be posted (a pasted link becomes its code).
  const here = code ? groupInviteHref(code) : groupInviteHref('')
  const base = { headerTitle: '加入小组', signedIn: user !== null, code, signIn: user ? null : signInHref(here) }
  if (!code) return { ...base, error: NO_CODE_MSG, group: null, member: null }
  try {
    const detail = await groupCodeInfo(db, user, code, clientIp)
    const group = cardViewOf(detail)
    // Already in it (its owner, an administrator or a member): nothing to join.
    const member = user !== null && !canInGroup(detail.role, 'join') ? (detail.role === 'owner' ? '你是该小组的创建者。' : '你已是该小组成员。') : null
    return { ...base, error: null, group, member }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { ...base, error: error.message, group: null, member: null }
  }
}

/** 加入小组: joins by the code, then to the group's page with a toast; a refusal comes back here with it. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = context.get(userContext)
  const code = inviteCodeOf(String((await readPageForm(request)).get('code') ?? url.searchParams.get('code') ?? ''))
  const back = groupInviteHref(code)
  if (!user) throw redirect(signInHref(back))
  const { db, clientIp } = context.get(appContext)
  try {
    const { groupId, msg } = await joinGroupByCode(db, user, code, clientIp)
    return redirectWithToast(groupHref(groupId), { type: 'success', msg })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(signInHref(back))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(back, { type: 'error', msg: error.message })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.group ? `加入小组「${loaderData.group.name}」` : '加入小组'} - 起页` }]

export default function GroupInvite({ loaderData: data }: Route.ComponentProps) {
  const { group } = data
  return (
    <main id="main" className="page group-page">
      <GroupNav signedIn={data.signedIn} />
      <section className="group-panel group-narrow" aria-labelledby="group-invite-title">
        <h1 id="group-invite-title">加入小组</h1>
        {group ? (
          <>
            <p>你收到了一个小组的邀请：</p>
            <GroupCard group={group} />
            {data.member ? (
              <p className="group-invite-done">
                {data.member}
                <Link to={groupHref(group.id)} className="button button-primary">
                  进入小组
                </Link>
              </p>
            ) : data.signIn ? (
              <p className="group-invite-done">
                登录后即可加入。
                <Link to={data.signIn} className="button button-primary">
                  登录后加入
                </Link>
              </p>
            ) : (
              <Form method="post" className="group-invite-join">
                <input type="hidden" name="code" value={data.code} />
                <button type="submit" className="button button-primary">
                  加入小组
                </button>
              </Form>
            )}
          </>
        ) : (
          <>
            <p className="form-error" role="alert">
              {data.error}
            </p>
            <JoinCodeForm code={data.code} />
          </>
        )}
      </section>
    </main>
  )
}

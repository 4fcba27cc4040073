import { readPageForm } from '#app/utils/page-form.server.ts'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/invite'
import { appContext, userContext } from '#app/context.ts'
import { inviteDetail, JOINED_MSG, joinHomepage } from '#app/services/members.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const tokenOf = (url: URL) => (url.searchParams.get('code') ?? '').trim().slice(0, 100)
const loginHref = (url: URL) => signInHref(`/invite?code=${tokenOf(url)}`)

/** `/invite?code=…`: the homepage an invite link leads to, and a form to join it. Guests log in first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext)
  if (!user) throw redirect(loginHref(url))
  const { db, clientIp } = context.get(appContext)
  try {
    return { headerTitle: '加入主页', error: null, token: tokenOf(url), invite: await inviteDetail(db, user, tokenOf(url), clientIp) }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { headerTitle: '加入主页', error: error.message, token: '', invite: null }
  }
}

export async function action({ context, url, request }: Route.ActionArgs) {
  const user = context.get(userContext)
  if (!user) throw redirect(loginHref(url))
  const { db, clientIp } = context.get(appContext)
  const token = String((await readPageForm(request)).get('code') ?? '').trim().slice(0, 100)
  try {
    const { code } = await joinHomepage(db, user, { token }, clientIp)
    return redirectWithToast(code ? `/${code}` : '/', { type: 'success', msg: JOINED_MSG })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(loginHref(url))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(`/invite?code=${encodeURIComponent(token)}`, { type: 'error', msg: error.message })
  }
}

export const meta: Route.MetaFunction = () => [{ title: '加入主页 - 起页' }]

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { invite, error } = loaderData
  return (
    <main id="main" className="page invite-page">
      <section className="dialog-card" aria-labelledby="invite-title">
        <h1 id="invite-title">加入主页</h1>
        {invite ? (
          <>
            <p>
              <strong>{invite.creator.nickname}</strong> 邀请你加入主页「{invite.name}」
            </p>
            {invite.summary ? <p className="muted">{invite.summary}</p> : null}
            <p className="muted">已有 {invite.memberAmount + 1} 位成员</p>
            {invite.memberRole === 'member' || invite.memberRole === 'manager' || invite.memberRole === 'owner' ? (
              <p>
                你已经在这个主页里了。{invite.code ? <a href={`/${invite.code}`}>打开主页</a> : <Link to="/">返回首页</Link>}
              </p>
            ) : (
              <Form method="post">
                <input type="hidden" name="code" value={loaderData.token} />
                <button type="submit" className="button button-primary">
                  加入主页
                </button>
              </Form>
            )}
          </>
        ) : (
          <>
            <p role="alert">{error}</p>
            <p>
              <Link to="/">返回首页</Link>
            </p>
          </>
        )}
      </section>
    </main>
  )
}

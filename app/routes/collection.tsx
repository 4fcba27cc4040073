import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/collection'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { appContext, userContext } from '#app/context.ts'
import { sharedCategory, toggleBagFollow } from '#app/services/category-share.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const bidOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0)
const loginHref = (bid: number) => `/login?redirectTo=${encodeURIComponent(`/collection/${bid}`)}`

/** `/collection/{bid}`: a shared category, for anyone (spec §2). Private, trashed or unknown: 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  try {
    const shared = await sharedCategory(db, user, bidOf(params.bid))
    return { headerTitle: shared.name, shared, signedIn: user !== null }
  } catch (error) {
    if (error instanceof DomainError) throw data(NOT_FOUND_MSG, { status: 404 })
    throw error
  }
}

/** 关注 / 取消关注 (no JavaScript needed). */
export async function action({ params, context }: Route.ActionArgs) {
  const bid = bidOf(params.bid)
  const { db } = context.get(appContext)
  try {
    const { msg } = await toggleBagFollow(db, context.get(userContext), bid)
    return redirectWithToast(`/collection/${bid}`, { type: 'success', msg })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(loginHref(bid))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(`/collection/${bid}`, { type: 'error', msg: error.message })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.shared.name} - 分享的分类 - 起页` : '起页' }]

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { shared, signedIn } = loaderData
  return (
    <main id="main" className="page collection-page">
      <section className="category" aria-labelledby="collection-title">
        <div className="category-head">
          <h1 id="collection-title" className="category-name">
            {shared.name}
          </h1>
          <p className="tools">
            {shared.isOwner ? null : signedIn ? (
              <Form method="post" className="inline-form">
                <button type="submit" className="button button-small" aria-pressed={shared.following}>
                  {shared.following ? '★ 已关注' : '☆ 关注'} {shared.followAmount}
                </button>
              </Form>
            ) : (
              <Link to={loginHref(shared.bid)} className="button button-small">
                ☆ 关注 {shared.followAmount}
              </Link>
            )}
          </p>
        </div>
        {shared.remark ? <p>{shared.remark}</p> : null}
        <p className="muted">来自 {shared.nickname} 的分享</p>
        <p>
          <label>
            <span>分享链接</span> <input type="text" readOnly value={`/collection/${shared.bid}`} className="copy-field" />
          </label>
        </p>
        {shared.items.length ? (
          <ul className="links">
            {shared.items.map((item) => (
              <li key={item.id}>
                {item.type === 'link' && item.url ? (
                  <a href={item.url} className="link" target="_blank" rel="noopener noreferrer">
                    {item.name}
                  </a>
                ) : item.type === 'divider' ? (
                  <span className="muted">{item.name || '—'}</span>
                ) : (
                  <span>{item.name}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted empty">这个分类还没有书签</p>
        )}
      </section>
    </main>
  )
}

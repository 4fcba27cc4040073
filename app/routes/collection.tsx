import { readPageForm } from '#app/utils/page-form.server.ts'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/collection'
import { CopyField } from '#app/components/copy-field.tsx'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { appContext, userContext } from '#app/context.ts'
import { randomUUID } from 'node:crypto'
import { collectionHref, collectTargets, sharedCategory, toggleBagFollow } from '#app/services/category-share.server.ts'
import { transferSources } from '#app/services/source-move.server.ts'
import { DomainError, NotSignedInError } from '#app/utils/errors.ts'
import { appOrigin } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { idOf } from '#app/schemas/ids.ts'

const loginHref = (bid: number) => signInHref(collectionHref(bid))

/** `/collection/{bid}`: a shared category, for anyone (spec §2). Private, trashed or unknown: 404. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  const user = context.get(userContext)
  try {
    const shared = await sharedCategory(db, user, idOf(params.bid) ?? 0)
    return {
      headerTitle: shared.name,
      shared,
      link: new URL(collectionHref(shared.bid), appOrigin(url)).href,
      loginHref: loginHref(shared.bid),
      signedIn: user !== null,
      targets: user ? await collectTargets(db, user) : [],
      key: randomUUID(),
    }
  } catch (error) {
    if (error instanceof DomainError) throw data(NOT_FOUND_MSG, { status: 404 })
    throw error
  }
}

const positiveIds = (values: FormDataEntryValue[]) => values.map(idOf).filter((id): id is number => id !== undefined)

/** 关注 / 取消关注, and 收藏 (copy chosen links into one's own category); no JavaScript needed. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const bid = idOf(params.bid) ?? 0
  const { db } = context.get(appContext)
  const form = await readPageForm(request)
  try {
    if (form.get('intent') === 'collect') {
      const [target] = positiveIds(form.getAll('target'))
      const ids = positiveIds(form.getAll('ids'))
      if (!ids.length) throw new DomainError('请先选择要收藏的链接')
      if (!target) throw new DomainError('请选择收藏到的分类')
      const user = context.get(userContext)
      const { count } = await transferSources(db, user, { ids, type: 'copy', bid: target, key: String(form.get('key') ?? '') })
      return redirectWithToast(collectionHref(bid), { type: 'success', msg: count ? `已收藏 ${count} 个链接` : '操作成功！' })
    }
    const { msg } = await toggleBagFollow(db, context.get(userContext), bid)
    return redirectWithToast(collectionHref(bid), { type: 'success', msg })
  } catch (error) {
    if (error instanceof NotSignedInError) throw redirect(loginHref(bid))
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(collectionHref(bid), { type: 'error', msg: error.message })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.shared.name} - 分享的分类 - 起页` : '起页' }]

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { shared, link, loginHref: loginTo, signedIn, targets, key } = loaderData
  const links = shared.items.filter((item) => item.type === 'link' && item.url)
  return (
    <main id="main" className="page collection-page">
      <section className="category" aria-labelledby="collection-title">
        <div className="category-head">
          <h1 id="collection-title" className="category-name">
            {shared.name}
          </h1>
          <div className="tools">
            {shared.isOwner ? null : signedIn ? (
              <Form method="post" className="inline-form">
                <button type="submit" name="intent" value="follow" className="button button-small" aria-pressed={shared.following}>
                  {shared.following ? '★ 已关注' : '☆ 关注'} {shared.followAmount}
                </button>
              </Form>
            ) : (
              <Link to={loginTo} className="button button-small">
                ☆ 关注 {shared.followAmount}
              </Link>
            )}
          </div>
        </div>
        {shared.remark ? <p>{shared.remark}</p> : null}
        <p className="muted">来自 {shared.nickname} 的分享</p>
        <CopyField label="分享链接" value={link} />
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
      {links.length ? (
        <section className="category" aria-labelledby="collect-title">
          <h2 id="collect-title">收藏到我的分类</h2>
          {signedIn ? (
            <Form method="post" className="manage-form">
              <input type="hidden" name="key" value={key} />
              <fieldset>
                <legend>选择链接</legend>
                {links.map((item) => (
                  <label key={item.id} className="check">
                    <input type="checkbox" name="ids" value={item.id} /> {item.name}
                  </label>
                ))}
              </fieldset>
              <label className="field">
                <span className="field-label">收藏到</span>
                <select name="target" defaultValue="">
                  <option value="">选择分类</option>
                  {/* Every homepage of the user's, one group per module; sub-categories indented. */}
                  {targets.flatMap((homepage) =>
                    homepage.modules
                      .filter((module) => module.categories.length)
                      .map((module) => (
                        <optgroup key={module.moduleId} label={`${homepage.name} · ${module.name}`}>
                          {module.categories.map((category) => (
                            <option key={category.bid} value={category.bid}>
                              {`${'　'.repeat(category.depth)}${category.name}`}
                            </option>
                          ))}
                        </optgroup>
                      )),
                  )}
                </select>
              </label>
              <p>
                <button type="submit" name="intent" value="collect" className="button button-primary">
                  收藏
                </button>
              </p>
            </Form>
          ) : (
            <p>
              <Link to={loginTo}>登录</Link>后可以把链接收藏到自己的分类。
            </p>
          )}
        </section>
      ) : null}
    </main>
  )
}

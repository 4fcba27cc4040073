import { data, Form } from 'react-router'
import type { Route } from './+types/super.index'
import { DISCOVER_HREF, REVIEW_HREF } from '#app/components/discover/discover-href.ts'
import { SiteCard } from '#app/components/discover/site-card.tsx'
import { NOT_FOUND_MSG } from '#app/components/error-page.tsx'
import { Pager } from '#app/components/pager.tsx'
import { signedInUser } from '#app/auth/signed-in.server.ts'
import { appContext } from '#app/context.ts'
import { ReviewStatus } from '#app/schemas/group.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'
import { pendingSites, reviewSite } from '#app/services/discover.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { readPageForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import '#app/components/discover/discover.css'

/**
 * `/super/index` (spec §2, guarded): the administrators' review of recommended sites — the
 * pending ones, oldest first, each with 通过 and 拒绝 (forms; a second submit finds it decided).
 * A guest signs in first; anyone who is no administrator gets the not-found page (nothing tells
 * them the page exists).
 */

const PAGE_SIZE = 20

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

function requireAdmin(context: Route.LoaderArgs['context'], url: URL) {
  const user = signedInUser(context, url)
  if (!user.isAdmin) throw data(NOT_FOUND_MSG, { status: 404 })
  return user
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireAdmin(context, url)
  const { db } = context.get(appContext)
  const page = pageOf(url.searchParams.get('page'))
  const { list, total } = await pendingSites(db, user, { page, size: PAGE_SIZE })
  return { headerTitle: '审核推荐', page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total, sites: list }
}

/** 通过 / 拒绝 one pending site; back to the same page with a toast. */
export async function action({ context, request, url }: Route.ActionArgs) {
  const user = requireAdmin(context, url)
  const { db } = context.get(appContext)
  const back = `${url.pathname}${url.search}`
  const form = await readPageForm(request)
  const id = idOf(form.get('id'))
  const status = ReviewStatus.safeParse(form.get('status'))
  if (form.get('intent') !== 'review-site' || !id || !status.success) return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  try {
    const { msg } = await reviewSite(db, user, { id, status: status.data })
    return redirectWithToast(back, { type: 'success', msg })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(back, { type: 'error', msg: error.message })
  }
}

export const meta: Route.MetaFunction = () => [{ title: '审核推荐 - 起页' }]

export default function Review({ loaderData }: Route.ComponentProps) {
  const { sites, page, pages, total } = loaderData
  return (
    <main id="main" className="page discover-page">
      <header className="discover-head">
        <div>
          <h1>审核推荐</h1>
          <p className="muted">{total ? `共 ${total} 个网站等待审核。通过后所有人可见；拒绝后只有推荐人能看到。` : '没有等待审核的网站。'}</p>
        </div>
        <div className="discover-head-actions">
          <a href={DISCOVER_HREF}>前往发现</a>
        </div>
      </header>
      <section className="discover-review" aria-labelledby="review-title">
        <h2 id="review-title">待审核</h2>
        {sites.length ? (
          <ul>
            {sites.map((site) => (
              <li key={site.id}>
                <SiteCard
                  site={site}
                  actions={
                    <>
                      <p className="muted site-card-meta">{`${site.category} · 推荐人 ${site.submitter || '已注销'}`}</p>
                      <Form method="post">
                        <input type="hidden" name="intent" value="review-site" />
                        <input type="hidden" name="id" value={site.id} />
                        <button type="submit" name="status" value="approved" className="button button-primary button-small">
                          通过<span className="visually-hidden">{`：${site.name}`}</span>
                        </button>{' '}
                        <button type="submit" name="status" value="rejected" className="button button-small">
                          拒绝<span className="visually-hidden">{`：${site.name}`}</span>
                        </button>
                      </Form>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">全部处理完了。</p>
        )}
        <Pager page={page} pages={pages} hrefOf={(p) => (p > 1 ? `${REVIEW_HREF}?page=${p}` : REVIEW_HREF)} />
      </section>
    </main>
  )
}

import { readPageForm } from '#app/utils/page-form.server.ts'
import { Form, Link } from 'react-router'
import type { Route } from './+types/user.bag-shares'
import { centreUser } from './user-centre.server.ts'
import { appContext } from '#app/context.ts'
import { listBagShares, SHARE_PAGE_SIZE, toggleBagFollow, UNSHARED_MSG, unshareBag } from '#app/services/category-share.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'

/** Spec §9: shared lists page 5 items, with 5 page numbers in the pager. */
const PAGER_NUMBERS = 5

const kindOf = (url: URL): 'share' | 'follow' => (url.pathname.endsWith('/bag-follow') ? 'follow' : 'share')
const TITLES = { share: '我分享的分类', follow: '我关注的分类' } as const

const pageParam = (url: URL) => pageOf(url.searchParams.get('page'))

/** `/user/bag-share` and `/user/bag-follow`: the categories the user shares or follows. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const type = kindOf(url)
  const page = pageParam(url)
  const { list, total } = await listBagShares(db, user, { type, page, size: SHARE_PAGE_SIZE })
  return { type, page, pages: Math.max(1, Math.ceil(total / SHARE_PAGE_SIZE)), list, total }
}

/** 取消分享 / 取消关注, back to the same page with a toast. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const back = `${url.pathname}${url.searchParams.has('page') ? `?page=${pageParam(url)}` : ''}`
  const bid = idOf((await readPageForm(request)).get('bid'))
  if (!bid) return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  try {
    if (kindOf(url) === 'share') {
      await unshareBag(db, user, bid)
      return redirectWithToast(back, { type: 'success', msg: UNSHARED_MSG })
    }
    const { msg } = await toggleBagFollow(db, user, bid)
    return redirectWithToast(back, { type: 'success', msg })
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', msg: error.message })
    throw error
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData ? TITLES[loaderData.type] : '个人中心'} - 起页` }]

/** Up to five page numbers around the current one. */
function pageNumbers(page: number, pages: number) {
  const first = Math.max(1, Math.min(page - Math.floor(PAGER_NUMBERS / 2), pages - PAGER_NUMBERS + 1))
  return Array.from({ length: Math.min(PAGER_NUMBERS, pages) }, (_, i) => first + i)
}

export default function BagShares({ loaderData }: Route.ComponentProps) {
  const { type, list, page, pages, total } = loaderData
  const here = type === 'share' ? '/user/bag-share' : '/user/bag-follow'
  return (
    <section className="user-main" aria-labelledby="shares-title">
      <h1 id="shares-title">{TITLES[type]}</h1>
      <p className="muted">共 {total} 个</p>
      {list.length ? (
        <ul className="trash-list">
          {list.map((item) => (
            <li key={item.bid} className="trash-item">
              <div className="trash-info">
                {item.accessible ? <a href={item.url}>{item.name}</a> : <span>{item.name}</span>}
                <span className="trash-meta muted">
                  {item.remark ? <span>{item.remark}</span> : null}
                  {type === 'follow' ? <span>{item.accessible ? `来自 ${item.nickname}` : '对方已取消分享，无法访问'}</span> : null}
                </span>
              </div>
              <Form method="post" className="trash-actions" preventScrollReset>
                <input type="hidden" name="bid" value={item.bid} />
                <button type="submit" className="button" aria-label={`${type === 'share' ? '取消分享' : '取消关注'} ${item.name}`}>
                  {type === 'share' ? '取消分享' : '取消关注'}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted empty">{type === 'share' ? '还没有分享过分类' : '还没有关注的分类'}</p>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="分页">
          {pageNumbers(page, pages).map((n) => (
            <Link key={n} to={`${here}?page=${n}`} aria-current={n === page ? 'page' : undefined}>
              {n}
            </Link>
          ))}
        </nav>
      ) : null}
    </section>
  )
}

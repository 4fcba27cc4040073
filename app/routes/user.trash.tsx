import { readPageForm } from '#app/utils/page-form.server.ts'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Route } from './+types/user.trash'
import { centreUser } from './user-centre.server.ts'
import { appContext } from '#app/context.ts'
import { deleteBagForever, restoreBag } from '#app/services/bag.server.ts'
import { deleteSourceForever, restoreSource } from '#app/services/source.server.ts'
import { listTrash } from '#app/services/trash.server.ts'
import { hardDeleteHomepage, listTrashedHomepages, restoreHomepage } from '#app/services/homepages.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { idOf, pageOf } from '#app/schemas/ids.ts'

const PAGE_SIZE = 20
const DONE_MSG = '操作成功！'
/** Spec §9: the next page loads when the end of the list comes within 50px. */
const SCROLL_DISTANCE = 50

const TYPE_LABELS: Record<string, string> = {
  category: '分类',
  link: '链接',
  folder: '文件夹',
  note: '便签',
  post: '文章',
  code: '代码',
  divider: '分割线',
}

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})

const pageParam = (url: URL, name = 'page') => pageOf(url.searchParams.get(name))

/** The trashed homepages have their own pages (`hpage`, 10 each), above the first page of bookmarks. */
const HOMEPAGE_PAGE = 'hpage'

/** `/user/trash`: what the signed-in user deleted, 20 a page, newest first. Guests go to login. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const page = pageParam(url)
  const trash = await listTrash(db, user, { page, size: PAGE_SIZE })
  const homepagePage = pageParam(url, HOMEPAGE_PAGE)
  const trashedHomepages = page === 1 ? await listTrashedHomepages(db, user, { page: homepagePage }) : { list: [], next: false }
  return {
    homepages: trashedHomepages.list.map((h) => ({ id: h.id, name: h.name, code: h.code, deletedAt: timeFormat.format(new Date(h.deletedAt)) })),
    homepagePage,
    moreHomepages: trashedHomepages.next,
    page,
    hasMore: trash.hasMore,
    total: trash.total,
    // Only what a row shows (the list can be long, and loader data is sent twice).
    items: trash.list.map((item) => ({
      kind: item.kind,
      id: item.id,
      name: item.name,
      type: TYPE_LABELS[item.type] ?? '书签',
      bagName: item.kind === 'source' ? item.bagName : '',
      deletedAt: timeFormat.format(new Date(item.deletedAt)),
    })),
  }
}

const INTENTS = {
  'restore-source': restoreSource,
  'delete-source-forever': deleteSourceForever,
  'restore-bag': restoreBag,
  'delete-bag-forever': deleteBagForever,
  'delete-homepage-forever': hardDeleteHomepage,
  // Restoring a homepage may come back without its code: its own message says so.
  'restore-homepage': async (...args: Parameters<typeof restoreHomepage>) => (await restoreHomepage(...args)).msg,
} as const

/** 恢复 / 彻底删除 a bookmark, a category or a homepage; back to the same page with a toast (no JS needed). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  // `url`, not request.url: the browser's own posts arrive at /user/trash.data.
  const back = url.searchParams.has(HOMEPAGE_PAGE)
    ? `${url.pathname}?${HOMEPAGE_PAGE}=${pageParam(url, HOMEPAGE_PAGE)}`
    : `${url.pathname}${url.searchParams.has('page') ? `?page=${pageParam(url)}` : ''}`
  const form = await readPageForm(request)
  const intent = String(form.get('intent') ?? '')
  const id = idOf(form.get('id'))
  const run = Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : null
  if (!run || !id) return redirectWithToast(back, { type: 'error', msg: '操作失败' })
  let msg = DONE_MSG
  try {
    msg = (await run(db, user, id)) ?? DONE_MSG
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast(back, { type: 'error', msg: error.message })
    throw error
  }
  return redirectWithToast(back, { type: 'success', msg })
}

export const meta: Route.MetaFunction = () => [{ title: '回收站 - 起页' }]

type TrashPage = Route.ComponentProps['loaderData']
type TrashRow = TrashPage['items'][number]

function TrashItem({ item }: { item: TrashRow }) {
  const noun = item.kind === 'bag' ? 'bag' : 'source'
  return (
    <li className="trash-item">
      <div className="trash-info">
        <span className="trash-name">{item.name || item.type}</span>
        <span className="trash-meta muted">
          <span className="trash-type">{item.type}</span>
          {item.bagName ? <span>{`所属分类：${item.bagName}`}</span> : null}
          <span>
            删除于 <time>{item.deletedAt}</time>
          </span>
        </span>
      </div>
      <Form method="post" className="trash-actions" preventScrollReset>
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" name="intent" value={`restore-${noun}`} className="button" aria-label={`恢复 ${item.name || item.type}`}>
          恢复
        </button>
        <button
          type="submit"
          name="intent"
          value={`delete-${noun}-forever`}
          className="button button-danger"
          aria-label={`彻底删除 ${item.name || item.type}`}
        >
          彻底删除
        </button>
      </Form>
    </li>
  )
}

/** Pages the fetcher appended to the server's page ("加载更多"), reset whenever the page reloads. */
function useAppendedPages(loaderData: TrashPage) {
  const fetcher = useFetcher<TrashPage>()
  const [state, setState] = useState({ base: loaderData, seen: fetcher.data, pages: [] as TrashPage[] })
  let current = state
  if (state.base !== loaderData) {
    // A new first page (after an action or a navigation): start over from it.
    current = { base: loaderData, seen: fetcher.data, pages: [] }
    setState(current)
  } else if (fetcher.data && fetcher.data !== state.seen) {
    const last = state.pages.at(-1) ?? loaderData
    current = { ...state, seen: fetcher.data, pages: fetcher.data.page > last.page ? [...state.pages, fetcher.data] : state.pages }
    setState(current)
  }
  const last = current.pages.at(-1) ?? loaderData
  const loading = fetcher.state !== 'idle'
  const loadMore = () => {
    if (!loading && last.hasMore) void fetcher.load(`/user/trash?page=${last.page + 1}`)
  }
  return { pages: current.pages, last, loading, loadMore }
}

export default function Trash({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated()
  const { pages, last, loading, loadMore } = useAppendedPages(loaderData)
  const items = [loaderData, ...pages].flatMap((page) => page.items)
  const moreRef = useRef<HTMLButtonElement>(null)
  const { page } = loaderData

  // Infinite scroll: the next page comes when the "加载更多" button nears the viewport.
  useEffect(() => {
    const button = moreRef.current
    if (!button || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: `0px 0px ${SCROLL_DISTANCE}px 0px`,
    })
    observer.observe(button)
    return () => observer.disconnect()
  })

  return (
    <section className="user-main" aria-labelledby="trash-title">
      <h1 id="trash-title">回收站</h1>
      <p className="muted">{`删除的书签和分类会先放在这里，可以恢复，也可以彻底删除。共 ${loaderData.total} 项。`}</p>
      {loaderData.homepages.length || loaderData.homepagePage > 1 ? (
        <section aria-labelledby="trash-homepages-title">
          <h2 id="trash-homepages-title">已删除的主页</h2>
          <ul className="trash-list">
            {loaderData.homepages.map((h) => (
              <li key={h.id} className="trash-item">
                <div className="trash-info">
                  <span className="trash-name">{h.name}</span>
                  <span className="trash-meta muted">
                    {h.code ? <span>{`个性域名：${h.code}`}</span> : null}
                    <span>
                      删除于 <time>{h.deletedAt}</time>
                    </span>
                  </span>
                </div>
                <Form method="post" className="trash-actions" preventScrollReset>
                  <input type="hidden" name="id" value={h.id} />
                  <button type="submit" name="intent" value="restore-homepage" className="button" aria-label={`恢复主页 ${h.name}`}>
                    恢复
                  </button>
                  <button type="submit" name="intent" value="delete-homepage-forever" className="button button-danger" aria-label={`彻底删除主页 ${h.name}`}>
                    彻底删除
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          {loaderData.homepagePage > 1 || loaderData.moreHomepages ? (
            <nav className="pager" aria-label="已删除的主页分页">
              {loaderData.homepagePage > 1 ? (
                <Link to={`/user/trash?${HOMEPAGE_PAGE}=${loaderData.homepagePage - 1}`} rel="prev">
                  上一页主页
                </Link>
              ) : null}
              {loaderData.moreHomepages ? (
                <Link to={`/user/trash?${HOMEPAGE_PAGE}=${loaderData.homepagePage + 1}`} rel="next">
                  更多已删除的主页
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
      {items.length ? (
        <ul className="trash-list">
          {items.map((item) => (
            <TrashItem key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ul>
      ) : (
        <p className="empty-trash muted">{page > 1 ? '这一页没有内容了' : '回收站是空的'}</p>
      )}
      <nav className="pager" aria-label="分页">
        {page > 1 ? (
          <Link to={page === 2 ? '/user/trash' : `/user/trash?page=${page - 1}`} rel="prev">
            上一页
          </Link>
        ) : null}
        {hydrated ? (
          last.hasMore ? (
            <button type="button" ref={moreRef} className="button" onClick={loadMore} aria-busy={loading}>
              {loading ? '加载中…' : '加载更多'}
            </button>
          ) : null
        ) : loaderData.hasMore ? (
          <Link to={`/user/trash?page=${page + 1}`} rel="next">
            下一页
          </Link>
        ) : null}
      </nav>
    </section>
  )
}

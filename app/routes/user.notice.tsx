import { readPageForm } from '#app/utils/page-form.server.ts'
import { Form, redirect } from 'react-router'
import { Pager } from '#app/components/pager.tsx'
import type { Route } from './+types/user.notice'
import { centreUser } from './user-centre.server.ts'
import { appContext } from '#app/context.ts'
import type { NoticeKind } from '#app/db/schema/index.ts'
import { idOf, NO_SUCH, pageOf } from '#app/schemas/ids.ts'
import { listNotices, markRead, NOTICE_PAGE_SIZE, openNotice, READ_MSG } from '#app/services/notices.server.ts'
import { safeRedirect, viewerTimeZone } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/user/notice` (spec §2): the user's notices, newest first, 20 a page, unread ones marked.
 * Opening the page reads nothing: 已读, 全部已读, or following a notice's link (a POST that marks
 * it read, then goes there) do. All plain forms, so it works without JavaScript.
 */

const KIND_LABELS: Record<NoticeKind, string> = { homepage: '主页', system: '系统', group: '小组' }

const pageHref = (page: number) => (page === 1 ? '/user/notice' : `/user/notice?page=${page}`)

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = centreUser(context)
  const timeFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: viewerTimeZone(request), dateStyle: 'medium', timeStyle: 'short' })
  const { db } = context.get(appContext)
  const { list, total, unread, page } = await listNotices(db, user, { page: pageOf(url.searchParams.get('page')) })
  return {
    page,
    pages: Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE)),
    total,
    unread,
    notices: list.map((n) => ({
      id: n.id,
      kind: KIND_LABELS[n.kind] ?? n.kind,
      title: n.title,
      content: n.content,
      hasLink: Boolean(n.link),
      unread: n.readAt === null,
      time: timeFormat.format(n.createdAt),
    })),
  }
}

/** read (one), read-all, open (read it and go to its link); back to the same page with a toast. */
/** The forms here post an id and an intent. */
const FORM_MAX_BYTES = 4 * 1024

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const back = pageHref(pageOf(url.searchParams.get('page')))
  const form = await readPageForm(request, FORM_MAX_BYTES)
  const intent = String(form.get('intent') ?? '')
  if (intent === 'read-all') {
    await markRead(db, user, 'all')
    return redirectWithToast(back, { type: 'success', msg: READ_MSG })
  }
  const id = idOf(form.get('id'))
  if (intent === 'read' && id) {
    const { count } = await markRead(db, user, { ids: [id] })
    return count ? redirectWithToast(back, { type: 'success', msg: READ_MSG }) : redirect(back)
  }
  if (intent === 'open' && id) {
    const opened = await openNotice(db, user, id)
    // Checked again on the way out: only ever a page of ours (SECURITY.md §1.7).
    if (opened) return redirect(safeRedirect(opened.link, request, back))
  }
  return redirectWithToast(back, { type: 'error', msg: NO_SUCH })
}

export const meta: Route.MetaFunction = () => [{ title: '消息通知 - 起页' }]

export default function Notices({ loaderData: data }: Route.ComponentProps) {
  const here = pageHref(data.page)
  return (
    <section className="user-main" aria-labelledby="notice-title">
      <div className="notice-head">
        <div>
          <h1 id="notice-title">消息通知</h1>
          <p className="muted">{`共 ${data.total} 条，${data.unread} 条未读。`}</p>
        </div>
        {data.unread > 0 ? (
          <Form method="post" action={here}>
            <button type="submit" name="intent" value="read-all" className="button button-small">
              全部已读
            </button>
          </Form>
        ) : null}
      </div>
      {data.notices.length ? (
        <ol className="notice-list">
          {data.notices.map((n) => (
            <li key={n.id} className={n.unread ? 'notice-unread' : undefined}>
              <div className="notice-line">
                {n.unread ? <span className="notice-dot-mark" aria-hidden="true" /> : null}
                <span className="tag">{n.kind}</span>
                <strong className="notice-title">{n.title}</strong>
                {n.unread ? <span className="sr-only">（未读）</span> : null}
                <time className="muted">{n.time}</time>
              </div>
              {n.content ? <p className="notice-content">{n.content}</p> : null}
              <Form method="post" action={here} className="notice-actions">
                <input type="hidden" name="id" value={n.id} />
                {n.hasLink ? (
                  <button type="submit" name="intent" value="open" className="button button-small" aria-label={`查看：${n.title}`}>
                    查看
                  </button>
                ) : null}
                {n.unread ? (
                  <button type="submit" name="intent" value="read" className="button button-small button-ghost" aria-label={`已读：${n.title}`}>
                    已读
                  </button>
                ) : null}
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{data.page > 1 ? '这一页没有消息了' : '暂无消息'}</p>
      )}
      <Pager page={data.page} pages={data.pages} hrefOf={pageHref} />
    </section>
  )
}

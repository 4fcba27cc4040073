import { Pager } from '#app/components/pager.tsx'
import type { Route } from './+types/user.bookmark-log'
import { centreUser } from './user-centre.server.ts'
import { appContext } from '#app/context.ts'
import type { BookmarkLogAction } from '#app/db/schema/index.ts'
import { pageOf } from '#app/schemas/ids.ts'
import { bookmarkLogPage } from '#app/services/bookmark-log.server.ts'
import { viewerTimeZone } from '#app/utils/http.server.ts'

/** `/user/bookmark-log` (spec §2): what the user added, edited, moved, imported and deleted, newest first, 20 a page. */

const ACTION_LABELS: Record<BookmarkLogAction, string> = {
  add: '添加',
  edit: '编辑',
  move: '移动',
  copy: '复制',
  import: '导入',
  'undo-import': '撤销导入',
  delete: '删除',
  restore: '恢复',
  destroy: '彻底删除',
}

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = centreUser(context)
  const timeFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: viewerTimeZone(request), dateStyle: 'medium', timeStyle: 'short' })
  const { db } = context.get(appContext)
  const { list, total, page, size } = await bookmarkLogPage(db, user, pageOf(url.searchParams.get('page')))
  return {
    page,
    pages: Math.max(1, Math.ceil(total / size)),
    total,
    entries: list.map((e) => ({
      id: e.id,
      action: ACTION_LABELS[e.action] ?? e.action,
      name: e.name,
      url: e.url,
      count: e.count,
      place: e.place,
      time: timeFormat.format(e.createdAt),
    })),
  }
}

export const meta: Route.MetaFunction = () => [{ title: '书签日志 - 起页' }]

const pageHref = (page: number) => (page === 1 ? '/user/bookmark-log' : `/user/bookmark-log?page=${page}`)

export default function BookmarkLog({ loaderData: data }: Route.ComponentProps) {
  return (
    <section className="user-main" aria-labelledby="bookmark-log-title">
      <h1 id="bookmark-log-title">书签日志</h1>
      <p className="muted">{`添加、编辑、移动、导入和删除书签的记录，共 ${data.total} 条。`}</p>
      {data.entries.length ? (
        <ol className="bookmark-log">
          {data.entries.map((e) => (
            <li key={e.id}>
              <time className="muted">{e.time}</time>
              <span className="tag">{e.action}</span>
              <span className="bookmark-log-what">
                {e.name ? `「${e.name}」` : ''}
                {e.count > 1 ? `${e.name ? '等 ' : ''}${e.count} 个书签` : ''}
                {e.place ? (e.action === '导入' ? `，来自 ${e.place}` : `，${e.place}`) : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{data.page > 1 ? '这一页没有记录了' : '还没有记录'}</p>
      )}
      <Pager page={data.page} pages={data.pages} hrefOf={pageHref} />
    </section>
  )
}

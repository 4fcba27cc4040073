import { readPageForm } from '#app/utils/page-form.server.ts'
import { Form, href, Link } from 'react-router'
import type { Route } from './+types/user.browser-history'
import { centreUser } from './user-centre.server.ts'
import { appContext } from '#app/context.ts'
import { clearHistory, HISTORY_CLEARED, HISTORY_LIMIT, HISTORY_OFF, HISTORY_ON, listHistory, setHistoryRecording } from '#app/services/browser-history.server.ts'
import { formatTime, viewerTimeZone } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const HISTORY_PAGE = href('/user/browser-history')

export const meta: Route.MetaFunction = () => [{ title: '浏览记录 - 起页' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = centreUser(context)
  const timeZone = viewerTimeZone(request)
  const rows = await listHistory(context.get(appContext).db, user)
  return {
    recording: user.historyRecording,
    limit: HISTORY_LIMIT,
    visits: rows.map((row) => ({ path: row.path, title: row.title, time: formatTime(row.visitedAt.getTime(), timeZone), iso: row.visitedAt.toISOString() })),
  }
}

/** `clear` the list; `recording` on or off. Only ever the signed-in user's own. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db, history } = context.get(appContext)
  const form = await readPageForm(request)
  const intent = form.get('intent')
  if (intent === 'clear') {
    await clearHistory(db, user, history)
    return redirectWithToast(HISTORY_PAGE, { type: 'success', msg: HISTORY_CLEARED })
  }
  if (intent === 'recording') {
    const on = form.get('on') === '1'
    await setHistoryRecording(db, user, on)
    return redirectWithToast(HISTORY_PAGE, { type: 'success', msg: on ? HISTORY_ON : HISTORY_OFF })
  }
  return redirectWithToast(HISTORY_PAGE, { type: 'error', msg: '操作失败' })
}

export default function BrowserHistory({ loaderData }: Route.ComponentProps) {
  const { recording, visits, limit } = loaderData
  return (
    <section className="user-main" aria-labelledby="history-title">
      <h1 id="history-title">浏览记录</h1>
      <p className="muted">
        你最近在起页打开的页面（主页、模块、搜索、工具和个人中心），只有你自己看得到，最多保留{limit}条。
      </p>
      <div className="history-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="recording" />
          <input type="hidden" name="on" value={recording ? '0' : '1'} />
          <p className="history-state">
            记录浏览：<strong>{recording ? '已开启' : '已关闭'}</strong>{' '}
            <button type="submit" className="button button-small">
              {recording ? '关闭记录' : '开启记录'}
            </button>
          </p>
        </Form>
        {visits.length ? (
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="button button-small button-danger">
              清空浏览记录
            </button>
          </Form>
        ) : null}
      </div>
      {visits.length ? (
        <ol className="history-list">
          {visits.map((v) => (
            <li key={v.path} className="history-item">
              <Link to={v.path}>{v.title}</Link>
              <span className="muted history-path">{v.path}</span>
              <time className="muted" dateTime={v.iso}>
                {v.time}
              </time>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{recording ? '还没有浏览记录。' : '浏览记录已关闭，之后打开的页面不会被记录。'}</p>
      )}
    </section>
  )
}

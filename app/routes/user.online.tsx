import { readPageForm } from '#app/utils/page-form.server.ts'
import { Form, href } from 'react-router'
import type { Route } from './+types/user.online'
import { centreUser } from './user-centre.server.ts'
import { readSessionToken } from '#app/auth/session.server.ts'
import { appContext } from '#app/context.ts'
import { endOtherSessions, endSession, listSessions, OTHER_SESSIONS_ENDED, SESSION_ENDED } from '#app/services/user-account.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { formatTime, viewerTimeZone } from '#app/utils/http.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

const ONLINE_PAGE = href('/user/online')

export const meta: Route.MetaFunction = () => [{ title: '在线设备 - 起页' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const timeZone = viewerTimeZone(request)
  const sessions = await listSessions(db, user, readSessionToken(request))
  return {
    sessions: sessions.map(({ createdAt, lastSeenAt, ...s }) => ({
      ...s,
      lastSeen: formatTime(lastSeenAt, timeZone),
      lastSeenIso: new Date(lastSeenAt).toISOString(),
      signedIn: formatTime(createdAt, timeZone),
    })),
  }
}

/** `end` one session by its id, or `end-others`; only ever the signed-in user's own. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = centreUser(context)
  const { db } = context.get(appContext)
  const form = await readPageForm(request)
  const token = readSessionToken(request)
  try {
    if (form.get('intent') === 'end-others') {
      await endOtherSessions(db, user, token)
      return redirectWithToast(ONLINE_PAGE, { type: 'success', msg: OTHER_SESSIONS_ENDED })
    }
    if (form.get('intent') === 'end') {
      const id = form.get('id')
      await endSession(db, user, typeof id === 'string' ? id : '', token)
      return redirectWithToast(ONLINE_PAGE, { type: 'success', msg: SESSION_ENDED })
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return redirectWithToast(ONLINE_PAGE, { type: 'error', msg: error.message })
  }
  return redirectWithToast(ONLINE_PAGE, { type: 'error', msg: '操作失败' })
}

export default function Online({ loaderData }: Route.ComponentProps) {
  const { sessions } = loaderData
  const others = sessions.filter((s) => !s.current).length
  return (
    <section className="user-main" aria-labelledby="online-title">
      <h1 id="online-title">在线设备</h1>
      <p className="muted">这些浏览器正登录着你的账号。不认识的设备，请退出它并修改密码。</p>
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-item" aria-current={s.current ? 'true' : undefined}>
            <div className="session-info">
              <p className="session-title">
                <strong>{s.browser}</strong>
                {s.current ? <span className="badge">当前设备</span> : null}
              </p>
              <p className="muted">{s.device}</p>
              <p className="muted">
                IP：{s.ip} · 最近活动：<time dateTime={s.lastSeenIso}>{s.lastSeen}</time> · 登录于 {s.signedIn}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post" className="session-end">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="id" value={s.id} />
                <button type="submit" className="button button-small" aria-label={`退出 ${s.browser}（${s.device}，IP ${s.ip}）的登录`}>
                  退出登录
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className="button">
            退出其他所有设备（{others}）
          </button>
        </Form>
      ) : (
        <p className="muted">没有其他设备登录着你的账号。</p>
      )}
    </section>
  )
}

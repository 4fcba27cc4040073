import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { clearSessionCookie, destroySession, readSessionToken } from '#app/auth/session.server.ts'
import { appContext } from '#app/context.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/** Log out is a POST (a GET must never change state); the session row is deleted. */
export async function action({ request, context }: Route.ActionArgs) {
  await destroySession(context.get(appContext).db, readSessionToken(request))
  return redirectWithToast('/', { type: 'success', msg: '已退出登录' }, { 'Set-Cookie': clearSessionCookie(request) })
}

export function loader() {
  return redirect('/')
}

import { readPageForm } from '#app/utils/page-form.server.ts'
import { data, redirect } from 'react-router'
import type { Route } from './+types/resources.engine'
import { ENGINE_PICK_MSG, isEngineId, rememberQuery } from '#app/utils/engines.ts'
import { safeRedirect } from '#app/utils/http.server.ts'
import {
  engineCookie,
  engineHistoryCookie,
  readEngine,
  readEngineHistory,
  setPreference,
} from '#app/utils/preference-cookies.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/** Nothing to show: the box's forms post here. */
export function loader() {
  throw data('请求方法不允许', { status: 405 })
}

/**
 * The engine box's settings (cookies, 365 days): `engine` picks the engine, `history` remembers a
 * query, `clear-history` forgets them all. A form without JavaScript sends `redirectTo` and is
 * sent back to its page; a fetcher (JavaScript) gets the new state as data.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readPageForm(request)
  const intent = form.get('intent')
  const redirectTo = form.get('redirectTo')
  const back = (headers: Headers) => (redirectTo === null ? null : redirect(safeRedirect(redirectTo, request), { headers }))
  const headers = new Headers()
  let engine = await readEngine(request)
  let history = await readEngineHistory(request)

  if (intent === 'engine') {
    const picked = form.get('engine')
    if (!isEngineId(picked)) {
      if (redirectTo !== null) return redirectWithToast(safeRedirect(redirectTo, request), { type: 'error', msg: ENGINE_PICK_MSG })
      return data({ engine, history, error: ENGINE_PICK_MSG }, { status: 400 })
    }
    engine = picked
    headers.append('Set-Cookie', await setPreference(engineCookie, engine, request))
  } else if (intent === 'history' || intent === 'clear-history') {
    const query = form.get('q')
    history = intent === 'history' ? rememberQuery(history, typeof query === 'string' ? query : '') : []
    headers.append('Set-Cookie', await setPreference(engineHistoryCookie, history, request))
  } else {
    return data({ engine, history, error: '操作失败' }, { status: 400 })
  }
  return back(headers) ?? data({ engine, history, error: null }, { headers })
}

import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorPage, NOT_FOUND_MSG } from './error-page.tsx'

/** The root's error boundary (root.tsx draws it as a lazy part: its code loads with an error, ADR 015). */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage status={404} message={NOT_FOUND_MSG} />
    const message = typeof error.data === 'string' && error.data ? error.data : '请求出错了'
    return <ErrorPage status={error.status} message={message} />
  }
  return <ErrorPage status={500} message="服务器出错了，请稍后再试" />
}

import { Link } from 'react-router'

export const NOT_FOUND_MSG = '当前页面不存在或已被删除'

/** The error page of spec §2: 404 says 当前页面不存在或已被删除; others their status and message. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <main id="main" className="error-page">
      <p className="error-status">{status}</p>
      <h1>{message}</h1>
      <p>
        <Link to="/" className="button button-primary">
          返回首页
        </Link>
      </p>
    </main>
  )
}

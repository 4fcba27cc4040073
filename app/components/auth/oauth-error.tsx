import { Link } from 'react-router'

/** A social sign-in that could not finish: what went wrong, in Chinese, and the ways back. */
export function OAuthError({ message }: { message: string }) {
  return (
    <main id="main" className="page page-narrow">
      <div className="dialog-card account-card">
        <h1 className="dialog-title">登录未完成</h1>
        <p role="alert" className="form-error">
          {message}
        </p>
        <p className="auth-switch">
          <Link to="/login">返回登录</Link> · <Link to="/">返回首页</Link>
        </p>
      </div>
    </main>
  )
}

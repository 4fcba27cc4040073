import { useEffect, useState } from 'react'
import { showToast } from '#app/components/toaster.tsx'
import { welcomeHref } from './dialog-url.ts'
import { NOT_SCANNED_YET, QR_EXPIRED, type WxPollAnswer, type WxQrAnswer } from '#app/schemas/wechat.ts'

/** Spec §9: poll every 1.5 s, at most 400 times (about 10 minutes); after a scan sign-in, reload in 500 ms. */
export const POLL_MS = 1_500
export const MAX_POLLS = 400
const RELOAD_MS = 500

export type WechatQrType = 'login' | 'bind'
export type WechatView = 'loading' | 'waiting' | 'register' | 'in' | 'expired'
/** What the server drew: the QR code of this browser and how far it has got. */
export type WechatQrInitial = { scene: string; qrcode: string; view: 'waiting' | 'register' | 'expired' }

const HINTS: Record<WechatView, string> = {
  loading: '正在获取二维码…',
  waiting: '请使用微信扫描二维码',
  register: '已扫码：该微信还没有绑定起页账号',
  in: '成功，页面即将刷新',
  expired: QR_EXPIRED,
}

type Envelope<T> = { code: number; msg: string; data: T | null }
async function call<T>(url: string, init?: RequestInit): Promise<Envelope<T>> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' }, ...init })
  return (await response.json()) as Envelope<T>
}

/**
 * The WeChat QR view (login dialog, /login?mode=wechat, the account's binding page). Its forms
 * post to `action` and work without JavaScript (我已扫码 does what a poll does); with JavaScript
 * it polls /api/wx/login-status every 1.5 s, and its forms call the /api/wx calls in place.
 * Loaded only where a QR code is shown (ADR 015).
 */
export function WechatQr({ type, initial, action, doneHref }: { type: WechatQrType; initial: WechatQrInitial | null; action: string; doneHref: string }) {
  const [qr, setQr] = useState<{ scene: string; qrcode: string } | null>(initial)
  const [view, setView] = useState<WechatView>(initial?.view ?? 'loading')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  /** Polls of the QR code shown; each answer that is still 'waiting' counts one and starts the next timer. */
  const [polls, setPolls] = useState(0)

  async function refresh() {
    setView('loading')
    setError('')
    try {
      const answer = await call<WxQrAnswer>(`/api/wx/wx-login-qrcode?type=${type}`)
      if (answer.code !== 1 || !answer.data) {
        showToast({ type: 'error', msg: answer.msg })
        setView('expired')
        return
      }
      setPolls(0)
      setQr({ scene: answer.data.scene, qrcode: answer.data.qrcode })
      setView('waiting')
    } catch {
      showToast({ type: 'error', msg: '网络错误，请稍后再试' })
      setView('expired')
    }
  }

  async function poll(scene: string, counted: boolean) {
    try {
      const answer = await call<WxPollAnswer>(`/api/wx/login-status?${new URLSearchParams({ scene })}`)
      if (answer.code !== 1 || !answer.data) throw new Error(answer.msg)
      const { status, err } = answer.data
      if (status === 'failed') {
        showToast({ type: 'error', msg: err })
        setView('expired')
      } else if (status === 'in') {
        finish(answer.msg)
      } else if (status === 'waiting' && counted) {
        if (polls + 1 >= MAX_POLLS) setView('expired')
        else setPolls(polls + 1)
      } else if (status === 'waiting') {
        showToast({ type: 'info', msg: NOT_SCANNED_YET })
      } else {
        setView(status)
      }
    } catch (error) {
      showToast({ type: 'error', msg: error instanceof Error && error.message ? error.message : '操作失败' })
      setView('expired')
    }
  }

  /** Signed in (or bound): on to `href`, where the sign-in was for, or a new account's welcome page. */
  function finish(msg: string, href = doneHref) {
    setView('in')
    showToast({ type: 'success', msg })
    setTimeout(() => window.location.assign(href), RELOAD_MS)
  }

  // The first QR code of the dialog (the pages draw theirs on the server).
  useEffect(() => {
    if (!initial) void refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Polling while the code waits for its scan: one timer at a time, the next after each answer.
  useEffect(() => {
    if (view !== 'waiting' || !qr) return
    const timer = setTimeout(() => void poll(qr.scene, true), POLL_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, qr, polls])

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const form = new FormData(event.currentTarget, submitter)
    const intent = form.get('intent')
    event.preventDefault()
    if (intent === 'wx-rescan') return refresh()
    if (!qr) return
    if (intent === 'wx-check') return poll(qr.scene, false)
    setBusy(true)
    setError('')
    try {
      const body = new URLSearchParams({ scene: qr.scene })
      if (intent === 'wx-bind') {
        body.set('user_email', String(form.get('email') ?? ''))
        body.set('user_password', String(form.get('password') ?? ''))
      }
      const answer = await call<unknown>('/api/wx/register', { method: 'POST', body })
      if (answer.code === 1) finish(answer.msg, intent === 'wx-new' ? welcomeHref(doneHref) : doneHref)
      else setError(answer.msg)
    } catch {
      setError('网络错误，请稍后再试')
    } finally {
      setBusy(false)
    }
  }

  const hidden = (intent: string) => <input type="hidden" name="intent" value={intent} />
  return (
    // data-polls: how many polls this QR code has had (the e2e test of the 400-poll limit reads it).
    <div className="wechat-qr" data-polls={polls}>
      {/* A live region of its own (not role=status: that is the toast's). */}
      <p className="wechat-status" aria-live="polite">
        {HINTS[view]}
      </p>
      {view === 'waiting' && qr ? (
        <>
          <img className="wechat-qr-image" data-scene={qr.scene} src={qr.qrcode} width={200} height={200} alt={type === 'login' ? '微信登录二维码，请用微信扫一扫' : '绑定微信的二维码，请用微信扫一扫'} />
          <p className="field-hint">{type === 'login' ? '打开微信扫一扫，关注公众号后即可登录' : '打开微信扫一扫，即可绑定到当前账号'}</p>
          <form method="post" action={action} onSubmit={onSubmit}>
            {hidden('wx-check')}
            <button type="submit" className="button button-block">
              我已扫码
            </button>
          </form>
        </>
      ) : null}
      {view === 'expired' ? (
        <form method="post" action={action} onSubmit={onSubmit}>
          {hidden('wx-rescan')}
          <button type="submit" className="button button-primary button-block">
            刷新二维码
          </button>
        </form>
      ) : null}
      {view === 'register' && type === 'login' ? (
        <div className="wechat-confirm">
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <form method="post" action={action} onSubmit={onSubmit} className="auth-form">
            <h3>绑定已有账号</h3>
            {hidden('wx-bind')}
            <div className="field">
              <label htmlFor="wx-email">邮箱</label>
              <input id="wx-email" name="email" type="email" autoComplete="username" required placeholder="请输入邮箱地址" />
            </div>
            <div className="field">
              <label htmlFor="wx-password">密码</label>
              <input id="wx-password" name="password" type="password" autoComplete="current-password" required placeholder="请输入登录密码" />
            </div>
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              绑定并登录
            </button>
          </form>
          <form method="post" action={action} onSubmit={onSubmit}>
            {hidden('wx-new')}
            <button type="submit" className="button button-block" disabled={busy}>
              创建新账号
            </button>
          </form>
          <form method="post" action={action} onSubmit={onSubmit}>
            {hidden('wx-rescan')}
            <button type="submit" className="button button-ghost button-block" disabled={busy}>
              重新扫码
            </button>
          </form>
        </div>
      ) : null}
    </div>
  )
}

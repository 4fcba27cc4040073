import { useId, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

/** Form field names the page action reads (app/dialogs/registry.server.ts). */
export const ICON_FILE_FIELD = 'iconFile'
export const ICON_REMOTE_FIELD = 'iconRemote'
/** The intent of the 获取 button beside the remote address (without JavaScript). */
export const FETCH_ICON_INTENT = 'fetch-icon'
export const ICON_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/vnd.microsoft.icon,.ico'

type Reply = { code: number; msg?: string; src?: string; data?: { src?: string } | null }

/**
 * Two more ways to get an icon, inside a management form: upload a picture, or fetch one from an
 * address (an image, or a site whose icon to take). The server fetches and re-encodes either, so
 * the icon is always ours. Without JavaScript the file goes with the form (which must be
 * multipart) and 获取 posts the form with intent `fetch-icon`; with JavaScript the upload shows
 * its progress and both answer at once through /api, handing the stored image to `onIcon`.
 */
export function ImageIconTools({ onIcon }: { onIcon: (src: string) => void }) {
  const hydrated = useHydrated()
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const remoteInput = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ error: boolean; msg: string } | null>(null)

  function upload(file: File) {
    const body = new FormData()
    body.set('module', 'website')
    body.set('file', file)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/upload/index')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => event.lengthComputable && setProgress(Math.round((event.loaded / event.total) * 100))
    xhr.onloadend = () => {
      setProgress(null)
      if (fileInput.current) fileInput.current.value = ''
      finish(xhr.response as Reply | null, '上传成功')
    }
    setStatus(null)
    setProgress(0)
    xhr.send(body)
  }

  async function fetchRemote() {
    const url = remoteInput.current?.value.trim() ?? ''
    setBusy(true)
    setStatus(null)
    try {
      const response = await fetch(`/api/source/crawler-remote-icon?${new URLSearchParams({ url })}`)
      finish((await response.json().catch(() => null)) as Reply | null, '获取成功')
    } catch {
      finish(null, '')
    } finally {
      setBusy(false)
    }
  }

  function finish(reply: Reply | null, done: string) {
    const src = reply?.src ?? reply?.data?.src
    if (reply?.code === 1 && src) {
      onIcon(src)
      setStatus({ error: false, msg: done })
    } else {
      setStatus({ error: true, msg: reply?.msg || '网络异常，请稍后再试' })
    }
  }

  return (
    <div className="image-icon-tools">
      <div className="field">
        <label htmlFor={`${id}-file`}>上传图标</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          name={ICON_FILE_FIELD}
          accept={ICON_ACCEPT}
          aria-describedby={`${id}-file-hint`}
          onChange={hydrated ? (event) => event.currentTarget.files?.[0] && upload(event.currentTarget.files[0]) : undefined}
        />
        <p id={`${id}-file-hint`} className="field-hint">
          JPG、PNG、WebP、GIF 或 ICO，不超过500KB{hydrated ? '' : '，随表单一起保存'}
        </p>
        {progress !== null ? <progress max={100} value={progress} aria-label="上传进度" /> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-remote`}>远程图标</label>
        <div className="field-row">
          <input ref={remoteInput} id={`${id}-remote`} type="url" name={ICON_REMOTE_FIELD} placeholder="图片地址或网站地址" maxLength={2048} />
          <button
            type="submit"
            name="intent"
            value={FETCH_ICON_INTENT}
            formNoValidate
            className="button"
            disabled={busy}
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault()
                    void fetchRemote()
                  }
                : undefined
            }
          >
            {busy ? '获取中…' : '获取'}
          </button>
        </div>
      </div>
      <p className={status?.error ? 'field-error' : 'field-hint'} role={hydrated ? 'status' : undefined}>
        {status?.msg}
      </p>
    </div>
  )
}

import { Form, Link, useLocation, useNavigation } from 'react-router'
import { previewHref } from '#app/schemas/import.ts'
import { closeHref, dialogHref } from './dialog-href.ts'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'import' }>

const timeFormat = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', dateStyle: 'medium', timeStyle: 'short' })

/**
 * 导入书签: the upload step (a plain multipart form: /preview stores the file and comes back with
 * `&file=` and the toast 上传成功), then the success step with 查看 and 重新导入; the last five
 * uploads link to their previews.
 */
export function ImportDialog({ data }: { data: Data }) {
  const location = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/preview')
  const from = closeHref(location)
  return (
    <div className="import-dialog">
      {data.uploaded ? (
        // 上传成功 is the upload's toast (announced from inside the modal too): this step names the file, not the news again.
        <section aria-labelledby="import-uploaded-title" className="import-success">
          <h3 id="import-uploaded-title">{data.uploaded.title}</h3>
          <p>{`${data.uploaded.folderCount} 个文件夹，${data.uploaded.linkCount} 个书签。查看后挑选要导入的文件夹和书签。`}</p>
          <p className="form-actions">
            <Link className="button button-primary" to={previewHref(data.uploaded.id)}>
              查看并导入
            </Link>
            <Link className="button" to={dialogHref(location, 'import')}>
              重新导入
            </Link>
          </p>
        </section>
      ) : (
        <Form method="post" action={`/preview?from=${encodeURIComponent(from)}`} encType="multipart/form-data" className="manage-form">
          <p className="muted">
            支持 Chrome、Edge、Firefox、Safari、360、QQ 等浏览器导出的 HTML 书签文件，大小不超过 2M。上传后可以预览，再挑选要导入的文件夹。
          </p>
          <div className="field">
            <label htmlFor="import-file">书签文件</label>
            <input id="import-file" type="file" name="file" accept=".html,.htm,text/html" required />
          </div>
          <p className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
              {busy ? '上传中…' : '上传'}
            </button>
            <Link className="button" to={from}>
              取消
            </Link>
          </p>
        </Form>
      )}
      {data.history.length ? (
        <section aria-labelledby="import-history-title" className="import-history">
          <h3 id="import-history-title">最近导入</h3>
          <ul>
            {data.history.map((h) => (
              <li key={h.id}>
                <Link to={previewHref(h.id)}>{h.title}</Link>
                <span className="muted">{` ${h.linkCount} 个书签 · ${timeFormat.format(new Date(h.createTime))}`}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

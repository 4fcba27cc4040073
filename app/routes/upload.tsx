import { data, Form, href, Link } from 'react-router'
import type { Route } from './+types/upload'
import { signedInUser } from '#app/auth/signed-in.server.ts'
import { Pager } from '#app/components/pager.tsx'
import { appContext } from '#app/context.ts'
import { deleteMyUpload, myUploads, UPLOAD_DELETED_MSG } from '#app/services/my-uploads.server.ts'
import { uploadKindLabel } from '#app/uploads/upload-kinds.ts'
import { ICON_FILE_FIELD } from '#app/components/image-icon-tools.tsx'
import { storeIconFile } from '#app/dialogs/registry.server.ts'
import { pageOf } from '#app/schemas/ids.ts'
import { IMAGE_LIMITS } from '#app/uploads/image.server.ts'
import { readFormDataCapped, UnreadableBodyError } from '#app/uploads/form-data.server.ts'
import { isUploadName, uploadImageSrc } from '#app/uploads/upload-path.ts'
import { DomainError } from '#app/utils/errors.ts'
import { viewerTimeZone } from '#app/utils/http.server.ts'
import { refusedForm } from '#app/utils/page-form.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * `/upload` (spec §2 route 'upload'): the signed-in user's uploaded images — preview, kind, size,
 * date and where each is used — a form to upload an icon (spec §5: at most 500KB; works without
 * JavaScript), and 删除 for one nothing uses. A guest signs in and comes back.
 */
export const UPLOAD_SAVED_MSG = '上传成功'
const NO_FILE_MSG = '请选择要上传的图片'

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const uploads = await myUploads(db, user, pageOf(url.searchParams.get('page')))
  const time = new Intl.DateTimeFormat('zh-CN', { timeZone: viewerTimeZone(request), dateStyle: 'medium', timeStyle: 'short' })
  return {
    headerTitle: '我的上传',
    maxSide: IMAGE_LIMITS.icon.maxSide,
    ...uploads,
    list: uploads.list.map((upload) => ({ ...upload, uploadedAt: upload.uploadedAt.toISOString(), when: time.format(upload.uploadedAt) })),
  }
}

type ActionData = { error: string }

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = signedInUser(context, url)
  const { db } = context.get(appContext)
  const back = `${href('/upload')}${url.search}`
  let form: FormData
  try {
    form = await readFormDataCapped(request, IMAGE_LIMITS.icon.maxBytes + 64 * 1024, IMAGE_LIMITS.icon.sizeMessage)
  } catch (error) {
    if (error instanceof UnreadableBodyError || !(error instanceof DomainError)) throw refusedForm(error)
    return data<ActionData>({ error: error.message }, { status: 413 })
  }
  const intent = form.get('intent')
  try {
    if (intent === 'upload') {
      // Stored as every icon field's file is (rate limit, 500KB, the image checks): the form's `icon` is its address after.
      form.delete('icon')
      const refused = await storeIconFile(db, user, form)
      if (refused) return data<ActionData>({ error: refused }, { status: 400 })
      if (!form.get('icon')) return data<ActionData>({ error: NO_FILE_MSG }, { status: 400 })
      return redirectWithToast(href('/upload'), { type: 'success', msg: UPLOAD_SAVED_MSG })
    }
    if (intent === 'delete') {
      const name = form.get('name')
      if (typeof name !== 'string' || !isUploadName(name)) return redirectWithToast(back, { type: 'error', msg: '操作失败' })
      await deleteMyUpload(db, user, name)
      return redirectWithToast(back, { type: 'success', msg: UPLOAD_DELETED_MSG })
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (intent === 'upload') return data<ActionData>({ error: error.message }, { status: 400 })
    return redirectWithToast(back, { type: 'error', msg: error.message })
  }
  return redirectWithToast(back, { type: 'error', msg: '操作失败' })
}

export const meta: Route.MetaFunction = () => [{ title: '我的上传 - 起页' }]

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`)

export default function Upload({ loaderData, actionData }: Route.ComponentProps) {
  const { list, total, page, pages, maxSide } = loaderData
  const error = actionData && 'error' in actionData ? actionData.error : null
  return (
    <main id="main" className="page site-page upload-page">
      <h1>我的上传</h1>
      <p className="muted">
        你上传过的图片：图标、头像、皮肤和笔记里的图片。没有用到的图片 24 小时后会被自动清理，也可以在这里直接删除；正在使用的不能删除。
      </p>
      <section aria-labelledby="upload-new" className="upload-new">
        <h2 id="upload-new">上传图标</h2>
        <Form method="post" encType="multipart/form-data" className="upload-form">
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="upload-file">选择图片</label>
          <input
            id="upload-file"
            type="file"
            name={ICON_FILE_FIELD}
            accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon,.ico"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'upload-hint upload-error' : 'upload-hint'}
          />
          <p id="upload-hint" className="muted">
            JPG、PNG、WebP、GIF 或 ICO，不超过 500KB；保存为最大 {maxSide}×{maxSide} 的图标，可在添加书签、分类和主页时选用。
          </p>
          {error ? (
            <p id="upload-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-primary">
            上传
          </button>
        </Form>
      </section>
      <section aria-labelledby="upload-list">
        <h2 id="upload-list">{`已上传（${total}）`}</h2>
        {list.length === 0 ? (
          <p className="muted">还没有上传过图片。</p>
        ) : (
          <ul className="upload-list">
            {list.map((upload) => (
              <li key={upload.name} className="upload-item">
                <a href={upload.src} className="upload-preview" target="_blank" rel="noopener">
                  <img src={uploadImageSrc(upload.src, 96)} alt={`${uploadKindLabel(upload.kind)}预览`} width={64} height={64} loading="lazy" />
                </a>
                <dl className="upload-facts">
                  <div>
                    <dt>类型</dt>
                    <dd>{uploadKindLabel(upload.kind)}</dd>
                  </div>
                  <div>
                    <dt>大小</dt>
                    <dd>{sizeText(upload.bytes)}</dd>
                  </div>
                  <div>
                    <dt>上传时间</dt>
                    <dd>
                      <time dateTime={upload.uploadedAt}>{upload.when}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>用在</dt>
                    <dd>{upload.uses.length ? upload.uses.map((use) => `${use.label}${use.count > 1 ? ` ×${use.count}` : ''}`).join('、') : '未使用'}</dd>
                  </div>
                </dl>
                {upload.uses.length ? null : (
                  <Form method="post" className="upload-delete">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="name" value={upload.name} />
                    <button type="submit" className="button button-small" aria-label={`删除这张${uploadKindLabel(upload.kind)}（${upload.when}上传）`}>
                      删除
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} hrefOf={(p) => (p === 1 ? href('/upload') : `${href('/upload')}?page=${p}`)} />
      </section>
      <p className="muted">
        头像在<Link to={href('/user/account')}>账号设置</Link>里更换；皮肤图片在主页的【皮肤】里上传。
      </p>
    </main>
  )
}

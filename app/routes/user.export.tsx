import { Form, href, redirect } from 'react-router'
import type { Route } from './+types/user.export'
import { centreUser } from './user-centre.server.ts'
import { appContext } from '#app/context.ts'
import { ALL_HOMEPAGES } from '#app/schemas/export.ts'
import { listCreatedHomepages } from '#app/services/homepages.server.ts'

const EXPORT_PAGE = href('/user/export')

/** The two files: where each downloads from. */
const FORMATS = {
  html: { path: href('/user/export/bookmarks.html'), label: '浏览器书签 HTML', hint: '可导入 Chrome、Edge、Firefox 等浏览器：模块和分类成为文件夹，只含链接和书签文件夹。' },
  json: { path: href('/user/export/data.json'), label: '完整数据 JSON', hint: '全部内容，含便签、分割线、隐私设置、星标和点击次数，适合备份。' },
} as const
type Format = keyof typeof FORMATS
const isFormat = (value: string | null): value is Format => value !== null && Object.hasOwn(FORMATS, value)

/**
 * `/user/export`: choose all homepages or one, and a format. The form is a plain GET to this
 * page, which sends the browser on to the file (so the choice works without JavaScript); the
 * download route checks the homepage.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = centreUser(context)
  const format = url.searchParams.get('format')
  if (isFormat(format)) {
    const homepage = url.searchParams.get('homepage') || ALL_HOMEPAGES
    throw redirect(`${FORMATS[format].path}?${new URLSearchParams({ homepage })}`)
  }
  const { db } = context.get(appContext)
  const homepages = await listCreatedHomepages(db, user)
  return { homepages: homepages.map((h) => ({ id: h.id, name: h.name })) }
}

export const meta: Route.MetaFunction = () => [{ title: '导出书签 - 起页' }]

export default function Export({ loaderData }: Route.ComponentProps) {
  return (
    <section className="user-main" aria-labelledby="export-title">
      <h1 id="export-title">导出书签</h1>
      <p className="muted">把你自己创建的主页、模块、分类和书签下载到本地。加入或关注的主页不在其中。</p>
      {/* A document navigation, not a fetch: the answer is a file to save. */}
      <Form method="get" action={EXPORT_PAGE} reloadDocument className="export-form">
        <div className="field">
          <label htmlFor="export-homepage">导出范围</label>
          <select id="export-homepage" name="homepage" defaultValue={ALL_HOMEPAGES}>
            <option value={ALL_HOMEPAGES}>全部主页</option>
            {loaderData.homepages.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="export-formats">
          <legend>文件格式</legend>
          {Object.entries(FORMATS).map(([value, format]) => (
            <label key={value} className="export-format">
              <input type="radio" name="format" value={value} defaultChecked={value === 'html'} aria-describedby={`export-hint-${value}`} />
              <span>
                <span className="export-format-label">{format.label}</span>
                <span id={`export-hint-${value}`} className="field-hint">
                  {format.hint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="button button-primary">
            导出
          </button>
        </div>
      </Form>
    </section>
  )
}

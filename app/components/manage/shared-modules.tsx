import { Form, Link, useLocation } from 'react-router'
import { CopyField } from '#app/components/copy-field.tsx'
import { dialogHref } from './dialog-href.ts'
import { RowAction } from './fields.tsx'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'shared-modules' }>

/**
 * 我分享的模块 (spec: manage shared modules popup): the user's shared modules on all their homepages,
 * searched by name, 5 a page; each with its link, 查看 and 取消分享; and the shared categories' page.
 */
export function SharedModules({ data }: { data: Data }) {
  const location = useLocation()
  const pageHref = (page: number) => dialogHref(location, 'shared-modules', { wd: data.wd || undefined, page })
  return (
    <div className="manage-list">
      <Form method="get" action={location.pathname} className="inline-form children-search" role="search" preventScrollReset>
        <input type="hidden" name="dialog" value="shared-modules" />
        <label htmlFor="shared-modules-wd">搜索模块</label>
        <input id="shared-modules-wd" type="search" name="wd" defaultValue={data.wd} maxLength={20} placeholder="模块名称" />
        <button type="submit" className="button button-small">
          搜索
        </button>
      </Form>
      {data.rows.length ? (
        <ol className="manage-rows">
          {data.rows.map((m) => (
            <li key={m.moduleId} className="manage-row shared-module-row">
              <span className="manage-row-name">
                <strong>{m.name}</strong>
                <span className="muted">{m.homepageName}</span>
              </span>
              {m.url ? <CopyField label={`${m.name} 的分享链接`} value={m.url} /> : <span className="muted">请先设置个性域名</span>}
              <span className="manage-row-actions">
                {m.url ? (
                  <a href={m.url} className="button button-small" aria-label={`查看 ${m.name}`}>
                    查看
                  </a>
                ) : null}
                <RowAction intent="unshare-module" fields={{ moduleId: m.moduleId }} label={`取消分享 ${m.name}`} danger>
                  取消分享
                </RowAction>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted empty">{data.wd ? '没有找到分享的模块' : '还没有分享的模块'}</p>
      )}
      {data.pages > 1 ? (
        <nav className="pager" aria-label="分页">
          {data.page > 1 ? (
            <Link to={pageHref(data.page - 1)} preventScrollReset>
              上一页
            </Link>
          ) : null}
          <span>
            第 {data.page} / {data.pages} 页
          </span>
          {data.page < data.pages ? (
            <Link to={pageHref(data.page + 1)} preventScrollReset>
              下一页
            </Link>
          ) : null}
        </nav>
      ) : null}
      <p className="manage-list-footer">
        <a href="/user/bag-share">我分享的分类</a>
      </p>
    </div>
  )
}

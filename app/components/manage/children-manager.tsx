import { Form, Link, useLocation, useNavigation } from 'react-router'
import { MAX_CHILDREN } from '#app/schemas/content.ts'
import { dialogHref, fromChildren } from './dialog-href.ts'
import type { ChildRow } from './types.ts'

const TYPE_NAMES: Record<string, string> = { link: '链接', divider: '分割线', note: '便签', post: '文章', code: '代码', folder: '文件夹' }

/**
 * A folder's children (spec "Children/folder manager"): each with 编辑 / 删除 links to their
 * dialogs (which come back here), a privacy switch for links, and links to add more.
 */
export function ChildrenManager({
  folder,
  list,
  wd,
  total,
}: {
  folder: { id: number; name: string; bid: number }
  list: ChildRow[]
  /** The search words, and how many children there are before searching. */
  wd: string
  total: number
}) {
  const location = useLocation()
  const busy = useNavigation().state === 'submitting'
  const from = fromChildren(folder.id)
  const counted = list.filter((c) => c.type !== 'divider').length
  return (
    <div className="manage-list">
      {/* A GET form: the search is part of the dialog's address and works without JS. */}
      <Form method="get" action={location.pathname} className="inline-form children-search" role="search" preventScrollReset>
        <input type="hidden" name="dialog" value="children" />
        <input type="hidden" name="id" value={folder.id} />
        <label htmlFor="children-search-wd">搜索书签</label>
        <input id="children-search-wd" type="search" name="wd" defaultValue={wd} maxLength={100} placeholder="名称或网址" />
        <button type="submit" className="button button-small">
          搜索
        </button>
      </Form>
      <p className="muted">
        {wd ? `找到 ${list.length} 个，共 ${total} 个` : `共 ${counted} 个书签，最多 ${MAX_CHILDREN} 个（分割线不计）`}
      </p>
      {list.length ? (
        <ol className="manage-rows">
          {list.map((child) => {
            const label = child.name || TYPE_NAMES[child.type] || '书签'
            const edit =
              child.type === 'link'
                ? dialogHref(location, 'edit-link', { id: child.id, from })
                : child.type === 'divider'
                  ? dialogHref(location, 'edit-divider', { id: child.id, from })
                  : null
            return (
              <li key={child.id} className="manage-row">
                <span className="manage-row-name">
                  {child.type !== 'link' ? <span className="tag">{TYPE_NAMES[child.type] ?? child.type}</span> : null}
                  {child.url ? (
                    <a href={child.url} rel="noopener noreferrer" target="_blank">
                      {label}
                    </a>
                  ) : (
                    <span>{label}</span>
                  )}
                  {child.private ? <span className="tag">仅自己可见</span> : null}
                </span>
                <span className="manage-row-actions">
                  {child.type === 'link' ? (
                    <Form method="post" className="inline-form" preventScrollReset>
                      <input type="hidden" name="intent" value="toggle-private" />
                      <input type="hidden" name="id" value={child.id} />
                      <button type="submit" className="button button-small" disabled={busy} aria-label={`${child.private ? '设为公开' : '设为私密'} ${label}`}>
                        {child.private ? '设为公开' : '设为私密'}
                      </button>
                    </Form>
                  ) : null}
                  {edit ? (
                    <Link to={edit} className="button button-small" aria-label={`编辑 ${label}`} preventScrollReset>
                      编辑
                    </Link>
                  ) : null}
                  <Link
                    to={dialogHref(location, 'delete-source', { id: child.id, from })}
                    className="button button-small button-danger-text"
                    aria-label={`删除 ${label}`}
                    preventScrollReset
                  >
                    删除
                  </Link>
                </span>
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="muted empty">{wd ? '暂无搜索结果' : '这个文件夹还没有书签'}</p>
      )}
      <p className="manage-list-footer">
        <Link
          to={dialogHref(location, 'add-link', { bid: folder.bid, parentLinkId: folder.id, from })}
          className="button button-primary"
          preventScrollReset
        >
          添加链接
        </Link>
        <Link to={dialogHref(location, 'add-divider', { bid: folder.bid, parentLinkId: folder.id, from })} className="button" preventScrollReset>
          添加分割线
        </Link>
        <Link to={dialogHref(location, 'batch', { bid: folder.bid, parentLinkId: folder.id })} className="button" preventScrollReset>
          批量管理
        </Link>
        <Link to={dialogHref(location, 'choose', { id: folder.id })} className="button" preventScrollReset>
          从分类中选择
        </Link>
      </p>
    </div>
  )
}

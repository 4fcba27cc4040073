import { Form, Link, useLocation, useNavigation } from 'react-router'
import { CHOOSE_PAGE_SIZE } from '#app/schemas/batch.ts'
import { dialogHref } from './dialog-href.ts'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'choose' }>

/**
 * Choose bookmarks from a category into a folder (spec §2 "Choose-source dialog"): the
 * homepage's categories on the side, the chosen one's links 10 to a page, and 复制 / 移动 into
 * the folder. Links and one plain form, so it works without JavaScript.
 */
export function ChooseSource({ data }: { data: Data }) {
  const location = useLocation()
  const busy = useNavigation().state !== 'idle'
  const pages = Math.max(1, Math.ceil(data.total / CHOOSE_PAGE_SIZE))
  const href = (bid: number, page?: number) => dialogHref(location, 'choose', { id: data.folder.id, bid, page })
  return (
    <div className="choose-source">
      <nav aria-label="分类" className="choose-categories">
        <ul>
          {data.categories.map((category) => (
            <li key={category.bid} style={{ paddingInlineStart: `${category.depth}em` }}>
              <Link to={href(category.bid)} aria-current={category.bid === data.bid ? 'true' : undefined} preventScrollReset>
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" className="choose-list" preventScrollReset>
        <input type="hidden" name="intent" value="choose" />
        <input type="hidden" name="id" value={data.folder.id} />
        <input type="hidden" name="key" value={data.key} />
        <p className="muted">
          选择「{data.bagName}」里的链接，放入文件夹「{data.folder.name}」（{data.total} 个）
        </p>
        {data.links.length ? (
          <ul className="manage-rows">
            {data.links.map((link) => (
              <li key={link.id} className="manage-row">
                <label className="field-check">
                  <input type="checkbox" name="ids" value={link.id} />
                  {link.name}
                </label>
                <span className="muted choose-host">{link.host}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted empty">这个分类没有可选的链接</p>
        )}
        {pages > 1 ? (
          <nav aria-label="分页" className="icon-picker-pager">
            {data.page > 1 ? (
              <Link to={href(data.bid, data.page - 1)} rel="prev" preventScrollReset>
                上一页
              </Link>
            ) : null}
            <span>
              第 {data.page} / {pages} 页
            </span>
            {data.page < pages ? (
              <Link to={href(data.bid, data.page + 1)} rel="next" preventScrollReset>
                下一页
              </Link>
            ) : null}
          </nav>
        ) : null}
        <p className="form-actions">
          <Link to={dialogHref(location, 'children', { id: data.folder.id })} className="button" preventScrollReset>
            返回文件夹
          </Link>
          <button type="submit" name="op" value="copy" className="button button-primary" disabled={busy || !data.links.length}>
            复制到文件夹
          </button>
          <button type="submit" name="op" value="move" className="button" disabled={busy || !data.links.length}>
            移动到文件夹
          </button>
        </p>
      </Form>
    </div>
  )
}

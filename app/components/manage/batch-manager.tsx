import { type FormEvent, useId, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Badge } from '#app/components/homepage/view-kit.tsx'
import { SORT_LABELS, SORT_LOCKED_MSG } from '#app/schemas/sort-methods.ts'
import { DEFAULT_TIME_ZONE } from '#app/utils/clock.ts'
import { formatClicks } from '#app/utils/format.ts'
import { dialogHref } from './dialog-href.ts'
import { CategoryOptions } from './fields.tsx'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'batch' }>

const TYPE_NAMES: Record<string, string> = { link: '链接', divider: '分割线', note: '便签', post: '文章', code: '代码', folder: '文件夹' }
const NOTHING_SELECTED = '请先选择书签'

const clickTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('zh-CN', { timeZone: DEFAULT_TIME_ZONE, dateStyle: 'short', timeStyle: 'short', hour12: false }).format(new Date(iso))
    : '从未'

/**
 * The batch manage dialog (spec §2, 800px) of a category's top level or of a folder: a table
 * (icon, name, clicks, last click) with a checkbox per bookmark; delete, move and copy the
 * checked ones; and, in the custom order, 上移 / 下移 / 移到第 N 位 per row (the order without
 * dragging). One plain form: everything works without JavaScript; with it, 全选 is a checkbox
 * and the buttons stay disabled while nothing is checked.
 */
export function BatchManager({ data }: { data: Data }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const busy = useNavigation().state !== 'idle'
  const id = useId()
  const [checked, setChecked] = useState(data.allChecked ? data.rows.length : 0)
  const custom = data.sort === 'custom'
  const nothing = hydrated && checked === 0
  const recount = (event: FormEvent<HTMLFormElement>) =>
    setChecked(event.currentTarget.querySelectorAll('input[name="ids"]:checked').length)
  const selectAll = (on: boolean, form: HTMLFormElement | null) => {
    for (const box of form?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []) box.checked = on
    setChecked(on ? data.rows.length : 0)
  }
  const where = data.folder ? `文件夹「${data.folder.name}」` : `分类「${data.bagName}」`

  const filterFormId = `${id}-filter`
  const filterHref = new URL(dialogHref(location, 'batch', { bid: data.bid, parentLinkId: data.folder?.id }), 'http://localhost')
  return (
    <>
    {/* The quick filter of the targets: a GET form of its own (forms cannot nest), its box below. */}
    <Form id={filterFormId} method="get" action={filterHref.pathname} preventScrollReset hidden>
      {[...filterHref.searchParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </Form>
    <Form method="post" className="batch-manager" preventScrollReset onChange={recount}>
      <input type="hidden" name="intent" value="batch" />
      <input type="hidden" name="bid" value={data.bid} />
      {data.folder ? <input type="hidden" name="parentLinkId" value={data.folder.id} /> : null}
      <input type="hidden" name="key" value={data.key} />
      {/* Enter in a position field presses the first submit button: let it move, never delete. */}
      <button type="submit" name="op" value="positions" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        移到
      </button>
      <p className="muted">
        {where}：共 {data.rows.length} 项{custom ? '' : `，当前为「${SORT_LABELS[data.sort]}」`}
      </p>
      {custom ? null : <p className="field-hint">{SORT_LOCKED_MSG}</p>}
      <div className="batch-bar">
        {hydrated ? (
          <label className="field-check">
            <input
              type="checkbox"
              checked={data.rows.length > 0 && checked === data.rows.length}
              onChange={(event) => selectAll(event.currentTarget.checked, event.currentTarget.form)}
            />
            全选
          </label>
        ) : (
          <span className="batch-select-links">
            <Link to={dialogHref(location, 'batch', { bid: data.bid, parentLinkId: data.folder?.id, all: 1 })} preventScrollReset>
              全选
            </Link>
            <Link to={dialogHref(location, 'batch', { bid: data.bid, parentLinkId: data.folder?.id })} preventScrollReset>
              全不选
            </Link>
          </span>
        )}
        <span className="batch-count" aria-live="polite">
          {hydrated ? `已选 ${checked} 项` : null}
        </span>
        <button type="submit" name="op" value="delete" className="button button-small button-danger-text" disabled={busy || nothing}>
          删除
        </button>
        <label htmlFor={`${id}-target`} className="batch-target-label">
          移动或复制到
        </label>
        <select id={`${id}-target`} name="target" defaultValue={data.target}>
          <option value="">选择分类或文件夹</option>
          {data.folders.length ? (
            <optgroup label={`${data.bagName}里的文件夹`}>
              {data.folders.map((folder) => (
                <option key={folder.id} value={`${data.bid}:${folder.id}`}>
                  {folder.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          <CategoryOptions options={data.targets} />
        </select>
        <span className="batch-filter">
          <label htmlFor={`${id}-q`} className="visually-hidden">
            筛选目标分类
          </label>
          <input id={`${id}-q`} type="search" name="q" form={filterFormId} defaultValue={data.q} maxLength={20} placeholder="筛选分类" />
          <button type="submit" form={filterFormId} className="button button-small">
            筛选
          </button>
        </span>
        <button type="submit" name="op" value="move" className="button button-small" disabled={busy || nothing}>
          移动
        </button>
        <button type="submit" name="op" value="copy" className="button button-small" disabled={busy || nothing}>
          复制
        </button>
      </div>
      {nothing ? <p className="field-hint">{NOTHING_SELECTED}</p> : null}
      {data.rows.length ? (
        <div className="batch-table-wrap">
          <table className="batch-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">选择</span>
                </th>
                <th scope="col">图标</th>
                <th scope="col">名称</th>
                <th scope="col">点击次数</th>
                <th scope="col">最后点击时间</th>
                {custom ? <th scope="col">顺序</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row, index) => {
                const label = row.name || TYPE_NAMES[row.type] || '书签'
                return (
                  <tr key={row.id}>
                    <td>
                      <input type="checkbox" name="ids" value={row.id} defaultChecked={data.allChecked} aria-label={`选择 ${label}`} />
                    </td>
                    <td className="link">
                      <Badge name={label} url={row.url ?? ''} icon={row.icon ?? ''} />
                    </td>
                    <th scope="row">
                      {row.type !== 'link' ? <span className="tag">{TYPE_NAMES[row.type] ?? row.type}</span> : null} {label}
                    </th>
                    <td>{formatClicks(row.clickAmount)}</td>
                    <td>{clickTime(row.clickTime)}</td>
                    {custom ? (
                      <td className="batch-order">
                        <button type="submit" name="op" value={`up:${row.id}`} className="button button-small" disabled={busy || index === 0} aria-label={`上移 ${label}`}>
                          上移
                        </button>
                        <button
                          type="submit"
                          name="op"
                          value={`down:${row.id}`}
                          className="button button-small"
                          disabled={busy || index === data.rows.length - 1}
                          aria-label={`下移 ${label}`}
                        >
                          下移
                        </button>
                        <label className="visually-hidden" htmlFor={`${id}-pos-${row.id}`}>{`${label} 移到第几位`}</label>
                        <input
                          id={`${id}-pos-${row.id}`}
                          type="number"
                          name={`position-${row.id}`}
                          min={1}
                          max={data.rows.length}
                          placeholder={String(index + 1)}
                          className="batch-position"
                        />
                        <button type="submit" name="op" value={`position:${row.id}`} className="button button-small" disabled={busy} aria-label={`移动 ${label} 到所填位置`}>
                          移到
                        </button>
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted empty">这里还没有书签</p>
      )}
    </Form>
    </>
  )
}

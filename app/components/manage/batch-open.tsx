import { useHydrated } from 'remix-utils/use-hydrated'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'batch-open' }>

/** Spec §9: the first 10 are offered when there are more; above 20 a warning. */
export const BATCH_OPEN_FIRST = 10
const WARN_ABOVE = 20

/**
 * Open a category's links at once (spec §2 "Batch open dialog"; notes, folders and dividers are
 * skipped). With JavaScript one button opens them in new tabs; without, the list is the way:
 * each link opens in a new tab.
 */
export function BatchOpen({ data }: { data: Data }) {
  const hydrated = useHydrated()
  const { links } = data
  const first = links.slice(0, BATCH_OPEN_FIRST)
  const openAll = (list: typeof links) => {
    for (const link of list) window.open(link.url, '_blank', 'noopener,noreferrer')
  }
  return (
    <div className="manage-list">
      <p className="muted">分类「{data.bagName}」共有 {links.length} 个链接（便签、文件夹和分割线不打开）。</p>
      {links.length > WARN_ABOVE ? (
        <p className="form-error" role="alert">
          链接较多，一次打开 {links.length} 个标签页可能让浏览器变慢，浏览器也可能拦截部分窗口。
        </p>
      ) : null}
      {hydrated && links.length ? (
        <p className="manage-list-footer">
          {links.length > BATCH_OPEN_FIRST ? (
            <button type="button" className="button button-primary" onClick={() => openAll(first)}>
              打开前 {BATCH_OPEN_FIRST} 个
            </button>
          ) : null}
          <button type="button" className={links.length > BATCH_OPEN_FIRST ? 'button' : 'button button-primary'} onClick={() => openAll(links)}>
            全部打开（{links.length}）
          </button>
        </p>
      ) : null}
      {links.length ? (
        <ol className="manage-rows batch-open-list">
          {links.map((link) => (
            <li key={link.id} className="manage-row">
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.name}
              </a>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted empty">这个分类没有可以打开的链接</p>
      )}
    </div>
  )
}

import { Link } from 'react-router'

/**
 * 上一页 · 第 n / m 页 · 下一页 as plain links (no JavaScript needed); nothing for a single page.
 * `hrefOf` builds a page's address, so each list keeps its own query.
 */
export function Pager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  if (pages <= 1 && page <= 1) return null
  return (
    <nav className="pager" aria-label="分页">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev">
          上一页
        </Link>
      ) : null}
      <span className="muted">{`第 ${page} / ${Math.max(pages, page)} 页`}</span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next">
          下一页
        </Link>
      ) : null}
    </nav>
  )
}

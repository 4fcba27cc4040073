import { data, href, Link } from 'react-router'
import type { Route } from './+types/sitemap.html'
import { Pager } from '#app/components/pager.tsx'
import { appContext } from '#app/context.ts'
import { pageNumber, SITEMAP_HTML_PAGE, sitemapEntries, sitemapSize } from '#app/services/sitemap.server.ts'

/**
 * `/sitemap.html` (spec §2, footer 网站地图): the site's own pages, then the public homepages and
 * shared categories (services/sitemap.server.ts), 100 a page with the pager. Search engines
 * read /sitemap.xml.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  const page = pageNumber(new URL(request.url).searchParams.get('page'))
  const size = await sitemapSize(db)
  const pages = Math.max(1, Math.ceil(size.total / SITEMAP_HTML_PAGE))
  if (page === null || page > pages) throw data('页码不存在', { status: 404 })
  const entries = await sitemapEntries(db, (page - 1) * SITEMAP_HTML_PAGE, SITEMAP_HTML_PAGE)
  return { headerTitle: '网站地图', page, pages, size, homepages: entries.filter((e) => e.kind === 'homepage'), categories: entries.filter((e) => e.kind === 'category') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData && loaderData.page > 1 ? `网站地图（第 ${loaderData.page} 页） - 起页` : '网站地图 - 起页' }]

const SITE_PAGES = [
  [href('/'), '首页'],
  [href('/group'), '小组'],
  [href('/discover'), '发现'],
  [href('/tool'), '工具箱'],
  [href('/help'), '帮助'],
  [href('/plugin'), '插件：随时保存网页'],
  [href('/ai'), 'AI 搜索'],
  [href('/friend-links'), '友情链接'],
  [href('/changelog'), '更新日志'],
  [href('/terms'), '服务条款'],
  [href('/privacy'), '隐私政策'],
] as const

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  const { page, pages, size, homepages, categories } = loaderData
  return (
    <main id="main" className="page site-page sitemap-page">
      <h1>网站地图</h1>
      {page === 1 ? <SitemapSection id="sitemap-site" title="起页" entries={SITE_PAGES.map(([path, title]) => ({ path, title }))} /> : null}
      <SitemapSection id="sitemap-homepages" title={`公开主页（${size.homepages}）`} entries={homepages} />
      <SitemapSection id="sitemap-categories" title={`分享的分类（${size.categories}）`} entries={categories} />
      {size.total === 0 ? <p className="muted">还没有公开的主页或分享的分类。</p> : null}
      <Pager page={page} pages={pages} hrefOf={(p) => (p === 1 ? href('/sitemap.html') : `${href('/sitemap.html')}?page=${p}`)} />
    </main>
  )
}

/** One list of the map under its heading; none when it is empty on this page. */
function SitemapSection({ id, title, entries }: { id: string; title: string; entries: ReadonlyArray<{ path: string; title: string }> }) {
  if (!entries.length) return null
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="sitemap-list">
        {entries.map((entry) => (
          <li key={entry.path}>
            <Link to={entry.path}>{entry.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

import type { Route } from './+types/sitemap.xml'
import { appContext } from '#app/context.ts'
import { pageNumber, SITEMAP_XML_PAGE, sitemapEntries, sitemapSize } from '#app/services/sitemap.server.ts'
import { escapeHtml } from '#app/utils/escape-html.ts'
import { appOrigin } from '#app/utils/http.server.ts'

const xml = (body: string, status = 200) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    status,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })

/**
 * `/sitemap.xml` for search engines (sitemaps.org): without `page`, an index of its pages
 * (`/sitemap.xml?page=N`, 1,000 URLs each); with it, that page's public homepages and shared
 * categories. Absolute URLs on our origin (APP_ORIGIN when configured; a request's Host
 * otherwise, escaped like every value, so a hostile one cannot add markup).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext)
  const url = new URL(request.url)
  const origin = appOrigin(request)
  const { total } = await sitemapSize(db)
  const pages = Math.max(1, Math.ceil(total / SITEMAP_XML_PAGE))
  if (!url.searchParams.has('page')) {
    const sitemaps = Array.from({ length: pages }, (_, i) => `  <sitemap><loc>${escapeHtml(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`)
    return xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`)
  }
  const page = pageNumber(url.searchParams.get('page'))
  if (page === null || page > pages) return xml('<error>页码不存在</error>\n', 404)
  const entries = await sitemapEntries(db, (page - 1) * SITEMAP_XML_PAGE, SITEMAP_XML_PAGE)
  const urls = entries.map(
    (entry) => `  <url><loc>${escapeHtml(new URL(entry.path, origin).href)}</loc><lastmod>${entry.updatedAt.toISOString()}</lastmod></url>`,
  )
  const home = page === 1 ? [`  <url><loc>${escapeHtml(`${origin}/`)}</loc></url>`] : []
  return xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...home, ...urls].join('\n')}\n</urlset>\n`)
}

import type { Route } from './+types/robots.txt'
import { appOrigin } from '#app/utils/http.server.ts'

/**
 * `/robots.txt`: everything public may be crawled but the JSON API, the user centre, the
 * writing pages and the redirects; the sitemap's address (absolute, as the protocol wants).
 */
export function loader({ request }: Route.LoaderArgs) {
  const origin = appOrigin(request).replace(/[\r\n]/g, '')
  const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /user', 'Disallow: /upload', 'Disallow: /share', 'Disallow: /search', 'Disallow: /c/', 'Disallow: /site/redirect', '', `Sitemap: ${origin}/sitemap.xml`, '']
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}

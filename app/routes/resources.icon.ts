import type { Route } from './+types/resources.icon'
import { iconSvg } from '#app/icons/library.server.ts'

/**
 * GET /resources/icons/:prefix/:file (`/resources/icons/tabler/star.svg`): one library icon as
 * an SVG document, drawn by pages through CSS masks (components/icon.tsx). Only keys of the
 * library answer; the document is built from the icon set, never from the request. (nosniff comes
 * with every answer: helmet, server/index.ts; sent here too, it was repeated.)
 */
export function loader({ params }: Route.LoaderArgs) {
  const file = params.file
  const svg = file.endsWith('.svg') ? iconSvg(`${params.prefix}:${file.slice(0, -'.svg'.length)}`) : null
  if (!svg) {
    return new Response('Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // A key always draws the same icon while the pinned package version stays.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}

/**
 * `/manifest.webmanifest`: 起页 installs as an app (icons in public/icons), and a phone's share
 * sheet offers it as a target: a shared page opens /share with its title, text and address.
 */
const MANIFEST = {
  name: '起页',
  short_name: '起页',
  description: '你的书签与网址导航起始页',
  lang: 'zh-CN',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#f4f6fa',
  theme_color: '#2f6fed',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
}

const BODY = JSON.stringify(MANIFEST)

export function loader() {
  return new Response(BODY, { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } })
}

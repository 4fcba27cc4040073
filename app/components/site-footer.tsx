import { href, Link } from 'react-router'
import { mobileSwitchHref } from '#app/utils/phone.ts'

/**
 * The footer's links (spec §1: friend links, change log, sitemap, legal notices; and the site's
 * help and plugin pages): one list, drawn in order.
 */
const FOOTER_LINKS = [
  { to: href('/help'), name: '帮助' },
  { to: href('/plugin'), name: '插件' },
  // The mobile site, chosen (forgets a 电脑版 choice): a whole document, its own layout.
  { to: mobileSwitchHref, name: '手机版', document: true },
  { to: href('/friend-links'), name: '友情链接' },
  { to: href('/changelog'), name: '更新日志' },
  { to: href('/sitemap.html'), name: '网站地图' },
  { to: href('/terms'), name: '服务条款' },
  { to: href('/privacy'), name: '隐私政策' },
] as const

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        <Link to="/">起页</Link> · 书签与网址导航起始页 · 键盘、读屏和无脚本浏览器都能用
      </p>
      <nav aria-label="网站链接" className="footer-links">
        {FOOTER_LINKS.map((link) => (
          <Link key={link.to} to={link.to} reloadDocument={'document' in link}>
            {link.name}
          </Link>
        ))}
      </nav>
      <p className="muted">© {new Date().getFullYear()} 起页</p>
    </footer>
  )
}

import { href, Link } from 'react-router'
import type { Route } from './+types/friend-links'
import { FRIEND_LINK_GROUPS } from '#app/utils/friend-links.ts'

/** `/friend-links` (spec §2, footer 友情链接): related sites, from one list (utils/friend-links.ts). */
export function loader() {
  return { headerTitle: '友情链接' }
}

export const meta: Route.MetaFunction = () => [{ title: '友情链接 - 起页' }]

export default function FriendLinks() {
  return (
    <main id="main" className="page site-page friend-links-page">
      <h1>友情链接</h1>
      <p className="muted">
        这些网站和起页做着相近的事：整理常用网址、打造自己的起始页。链接在新标签页打开；觉得好用，也可以<Link to={href('/plugin')}>一键保存到起页</Link>。
      </p>
      {FRIEND_LINK_GROUPS.map((group, i) => (
        <section key={group.title} aria-labelledby={`friends-${i}`}>
          <h2 id={`friends-${i}`}>{group.title}</h2>
          <p className="muted">{group.summary}</p>
          <ul className="friend-links">
            {group.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener">
                  {link.name}
                </a>
                <span className="muted">{link.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  )
}

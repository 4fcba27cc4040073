import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { SiteView } from '#app/services/discover.server.ts'
import { tagHref } from './discover-href.ts'
import { SiteIcon } from './site-icon.tsx'

export const STATUS_LABELS = { pending: '待审核', approved: '已通过', rejected: '未通过' } as const

/**
 * One recommended site: icon, name (a link to the site, opening it), address, summary, tags (links
 * to their pages), and its state when it is not approved (only its submitter and the
 * administrators see such a one). `select` and `actions` come from the page (收藏, 通过/拒绝).
 */
export function SiteCard({ site, select, actions }: { site: Pick<SiteView, 'id' | 'name' | 'url' | 'host' | 'icon' | 'summary' | 'tags' | 'status'>; select?: ReactNode; actions?: ReactNode }) {
  return (
    <article className="site-card" aria-labelledby={`site-${site.id}-name`}>
      {select}
      <SiteIcon icon={site.icon} name={site.name} />
      <div className="site-card-body">
        <h3 className="site-card-name" id={`site-${site.id}-name`}>
          <a href={site.url} target="_blank" rel="noopener noreferrer nofollow" title={site.name}>
            {site.name}
          </a>
          {site.status !== 'approved' ? <span className={`site-status site-status-${site.status}`}>{STATUS_LABELS[site.status]}</span> : null}
        </h3>
        <p className="site-card-host" title={site.url}>
          {site.host}
        </p>
        <p className={site.summary ? 'site-card-summary' : 'site-card-summary muted'}>{site.summary || '暂无简介'}</p>
        {site.tags.length ? (
          <ul className="site-tags" aria-label="标签">
            {site.tags.map((tag) => (
              <li key={tag}>
                <Link to={tagHref(tag)}>{`#${tag}`}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {actions ? <div className="site-card-actions">{actions}</div> : null}
    </article>
  )
}

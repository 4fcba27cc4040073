import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { GroupIcon } from './group-icon.tsx'
import { groupHref } from './group-href.ts'
import type { GroupCardView } from './types.ts'
import './groups.css'

/**
 * One group as a card: icon, name, summary, 成员, 书签, 公开/私密. The name is a link to the group's
 * page that covers the card (one link per card for the keyboard); a trashed group has no page, so
 * its card is not a link and carries `actions` (恢复) instead.
 */
export function GroupCard({ group, actions, headingLevel = 2 }: { group: GroupCardView; actions?: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  const linked = group.deletedAt === undefined
  return (
    <article className={linked ? 'group-card group-card-linked' : 'group-card'}>
      <GroupIcon icon={group.icon} name={group.name} />
      <div className="group-card-body">
        <Heading className="group-card-name">
          {linked ? (
            <Link to={groupHref(group.id)} className="group-card-link">
              {group.name}
            </Link>
          ) : (
            group.name
          )}
        </Heading>
        <p className={group.summary ? 'group-card-summary' : 'group-card-summary muted'}>{group.summary || '暂无简介'}</p>
        <p className="group-card-meta">
          <span>{`成员 ${group.memberAmount}`}</span>
          <span>{`书签 ${group.bookmarkAmount}`}</span>
          {group.creator ? <span className="group-card-creator">{`创建者 ${group.creator}`}</span> : null}
          <span className={group.isOpen ? 'group-badge' : 'group-badge group-badge-closed'}>{group.isOpen ? '公开' : '私密'}</span>
          {group.deletedAt ? <span>{`删除于 ${group.deletedAt}`}</span> : null}
        </p>
      </div>
      {actions ? <div className="group-card-actions">{actions}</div> : null}
    </article>
  )
}

import { Link, useLocation } from 'react-router'
import type { Role } from '#app/auth/permissions.ts'
import type { Capabilities } from './capabilities.ts'
import { withDialog } from '#app/components/auth/dialog-url.ts'
import { lazyPart } from '#app/components/lazy-part.tsx'
import { dialogHref } from '#app/components/manage/dialog-href.ts'
import type { MemberFace } from '#app/services/members.server.ts'

export type HomepageSocial = {
  isOpen: boolean
  followAmount: number
  memberAmount: number
  /** The members widget's people (memberFaces), for those who see it. */
  members?: MemberFace[]
}

/** Counts above 99 show as 99+ (spec §9). */
export const countLabel = (n: number) => (n > 99 ? '99+' : String(n))

/** The members widget (member-widget.tsx), for members only: not a guest's code (ADR 015). */
const MemberWidget = lazyPart(() => import('./member-widget.tsx').then((m) => m.MemberWidget))

/** 我的主页 (homepage-switch.tsx), for the signed-in only: not a guest's code (ADR 015). */
const HomepageSwitch = lazyPart(() => import('./homepage-switch.tsx').then((m) => m.HomepageSwitch))

/**
 * The homepage's people widgets (spec §2 header): the owner's share button (已公开 / member count
 * / 分享), the members widget, and for visitors of a public homepage: the owner's other homepages,
 * follow with its count, and back home; for the signed-in, 我的主页 (the homepage popover). Every
 * control is a link to a dialog or a form.
 */
export function HomepageBar({
  homepageId,
  role,
  caps,
  social,
  formAction,
  popVisible = false,
}: {
  homepageId: number
  role: Role
  caps: Pick<Capabilities, 'follow' | 'memberWidget'>
  social: HomepageSocial
  formAction: string
  /** The owner's 悬停时自动展开 (HomepageViewData.popVisible). */
  popVisible?: boolean
}) {
  const location = useLocation()
  const people = social.memberAmount + 1
  const shareLabel = social.isOpen ? '已公开' : social.memberAmount > 0 ? `${countLabel(people)}人` : '分享'
  const follows = caps.follow || role === 'guest'
  return (
    <div className="tools homepage-bar">
      {role !== 'guest' ? <HomepageSwitch hoverOpens={popVisible} /> : null}
      {role === 'owner' ? (
        <Link to={dialogHref(location, 'share')} className="button button-small" preventScrollReset>
          {shareLabel}
          <span className="visually-hidden">（分享主页）</span>
        </Link>
      ) : null}
      {caps.memberWidget ? <MemberWidget faces={social.members ?? []} people={people} href={dialogHref(location, 'members')} /> : null}
      {role !== 'owner' && social.isOpen ? (
        <>
          <Link to={dialogHref(location, 'more-homepages')} className="button button-small" preventScrollReset>
            TA的其它主页
          </Link>
          {follows && role === 'guest' ? (
            <Link to={withDialog(location, 'login')} className="button button-small" preventScrollReset>
              ☆ 关注 {countLabel(social.followAmount)}
            </Link>
          ) : null}
          {follows && role !== 'guest' ? (
            <form method="post" action={formAction} className="inline-form">
              <input type="hidden" name="homepageId" value={homepageId} />
              <button type="submit" name="intent" value="follow-homepage" className="button button-small" aria-pressed={role === 'follower'}>
                {role === 'follower' ? '★ 已关注' : '☆ 关注'} {countLabel(social.followAmount)}
              </button>
            </form>
          ) : null}
          {location.pathname === '/' ? null : (
            <Link to="/" className="button button-small">
              回到首页
            </Link>
          )}
        </>
      ) : null}
    </div>
  )
}

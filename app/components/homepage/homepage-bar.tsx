import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { can, type Role } from '#app/auth/permissions.ts'
import { withDialog } from '#app/components/auth/dialog-url.ts'
import { closeHref, dialogHref, HOMEPAGE_SWITCH_ID } from '#app/components/manage/dialog-href.ts'
import type { MemberFace } from '#app/services/members.server.ts'
import { uploadImageSrc } from '#app/uploads/upload-path.ts'

export type HomepageSocial = {
  isOpen: boolean
  followAmount: number
  memberAmount: number
  /** The members widget's people (memberFaces), for those who see it. */
  members?: MemberFace[]
}

/** Counts above 99 show as 99+ (spec §9). */
const countLabel = (n: number) => (n > 99 ? '99+' : String(n))

/** Who sees the members widget (spec §2: members; the owner has the share button instead). */
export const seesMemberWidget = (role: Role) => can(role, 'view-members') && role !== 'owner'

const FACE_TONES = 6

/**
 * Spec §2, §9: up to four people as avatars (an initial in a coloured circle until they upload
 * one), then the number of people. One link to the member list; its name says how many.
 */
function MemberWidget({ faces, people, href }: { faces: MemberFace[]; people: number; href: string }) {
  return (
    <Link to={href} className="button button-small member-widget" preventScrollReset>
      {/* Named by its text (成员 N 人（成员列表）), so the visible count is part of the name. */}
      <span className="visually-hidden">成员</span>
      <span className="member-faces" aria-hidden="true">
        {faces.map((face, i) =>
          face.avatar ? (
            <img key={i} className="member-face" src={uploadImageSrc(face.avatar, 24)} alt="" />
          ) : (
            <span key={i} className={`member-face tone-${(face.initial.codePointAt(0) ?? 0) % FACE_TONES}`}>
              {face.initial}
            </span>
          ),
        )}
      </span>
      {countLabel(people)}
      <span className="visually-hidden">人（成员列表）</span>
    </Link>
  )
}

/** How long the pointer rests on 我的主页 before the popover opens by itself. */
const HOVER_DELAY = 300

/**
 * 我的主页: opens the homepage popover, and closes it when it is open. With 悬停时自动展开 on
 * (popVisible, the owner's setting), resting the pointer on it opens it too (JavaScript only).
 */
function HomepageSwitch({ hoverOpens }: { hoverOpens: boolean }) {
  const location = useLocation()
  const navigate = useNavigate()
  const timer = useRef<number | undefined>(undefined)
  const open = new URLSearchParams(location.search).get('dialog') === 'homepages'
  const href = open ? closeHref(location) : dialogHref(location, 'homepages')
  const cancel = () => window.clearTimeout(timer.current)
  useEffect(() => cancel, [])
  const onMouseEnter = () => {
    cancel()
    timer.current = window.setTimeout(() => navigate(href, { preventScrollReset: true }), HOVER_DELAY)
  }
  return (
    <Link
      to={href}
      id={HOMEPAGE_SWITCH_ID}
      className="button button-small"
      aria-expanded={open}
      preventScrollReset
      onMouseEnter={hoverOpens && !open ? onMouseEnter : undefined}
      onMouseLeave={cancel}
      onClick={cancel}
    >
      我的主页
    </Link>
  )
}

/**
 * The homepage's people widgets (spec §2 header): the owner's share button (已公开 / member count
 * / 分享), the members widget, and for visitors of a public homepage: the owner's other homepages,
 * follow with its count, and back home; for the signed-in, 我的主页 (the homepage popover). Every
 * control is a link to a dialog or a form.
 */
export function HomepageBar({
  homepageId,
  role,
  social,
  formAction,
  popVisible = false,
}: {
  homepageId: number
  role: Role
  social: HomepageSocial
  formAction: string
  /** The owner's 悬停时自动展开 (HomepageViewData.popVisible). */
  popVisible?: boolean
}) {
  const location = useLocation()
  const people = social.memberAmount + 1
  const shareLabel = social.isOpen ? '已公开' : social.memberAmount > 0 ? `${countLabel(people)}人` : '分享'
  const follows = can(role, 'follow') || role === 'guest'
  return (
    <div className="tools homepage-bar">
      {role !== 'guest' ? <HomepageSwitch hoverOpens={popVisible} /> : null}
      {role === 'owner' ? (
        <Link to={dialogHref(location, 'share')} className="button button-small" preventScrollReset>
          {shareLabel}
          <span className="visually-hidden">（分享主页）</span>
        </Link>
      ) : null}
      {seesMemberWidget(role) ? <MemberWidget faces={social.members ?? []} people={people} href={dialogHref(location, 'members')} /> : null}
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
          <Link to="/" className="button button-small">
            回到首页
          </Link>
        </>
      ) : null}
    </div>
  )
}

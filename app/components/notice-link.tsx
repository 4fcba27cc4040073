import { NavLink } from 'react-router'

/** More than this shows as "99+": the header has no room for more digits. */
const MAX_SHOWN = 99

/**
 * The header's way to /user/notice for a signed-in user, with the unread count as a red dot
 * (spec §2 header, §3 noticeAmount). The count comes from the root loader, so every navigation
 * and every form post brings it up to date, with or without JavaScript.
 */
export function NoticeLink({ count }: { count: number }) {
  return (
    <NavLink to="/user/notice" className="notice-link" title={count ? `${count} 条未读消息` : '消息通知'}>
      <span className="icon ico-bell" aria-hidden="true" />
      消息
      {count > 0 ? (
        <>
          <span className="notice-count" data-testid="notice-count">
            {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
          </span>
          <span className="sr-only">条未读</span>
        </>
      ) : null}
    </NavLink>
  )
}

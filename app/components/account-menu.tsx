import { useRef } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { NoticeLink } from './notice-link.tsx'
import { uploadImageSrc } from '#app/uploads/upload-path.ts'
import { USER_PAGES } from './user-pages.ts'
import type { NavItem } from '#app/utils/nav-bar.ts'
import { useClosedOnNavigation } from '#app/utils/use-closed-on-navigation.ts'

/**
 * The signed-in user's dropdown (spec §2): the user-centre pages and 退出 (a POST). A `<details>`
 * with a `.menu`, like the category menus, so it opens without JavaScript and gets the same
 * keyboard handling with it (popup-keys.ts: arrows, Home / End, Escape back to the summary).
 */
function AccountMenu({ nickname, avatar }: { nickname: string; avatar: string | null }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useClosedOnNavigation(ref)
  return (
    <details className="account-menu" ref={ref}>
      <summary>
        {avatar ? <img className="account-face" src={uploadImageSrc(avatar, 24)} alt="" width={24} height={24} /> : null}
        <span className="account-name">{nickname}</span>
        <span className="visually-hidden">的账号菜单</span>
      </summary>
      <div className="menu">
        {USER_PAGES.map((page) => (
          <Link key={page.to} to={page.to}>
            {page.label}
          </Link>
        ))}
        <Form method="post" action="/logout" className="menu-form">
          <button type="submit">退出</button>
        </Form>
      </div>
    </details>
  )
}

/** The signed-in header's right end (site-header.tsx draws it as a lazy part, ADR 015). */
export function HeaderAccount({ nickname, avatar, noticeAmount }: { nickname: string; avatar: string | null; noticeAmount: number }) {
  return (
    <>
      <NoticeLink count={noticeAmount} />
      <AccountMenu nickname={nickname} avatar={avatar} />
    </>
  )
}

export { GroupNavLink } from './groups/group-nav-link.tsx'

/** 更多: the menu's other entries, a disclosure like the account menu (closed again by a navigation). */
export function MoreMenu({ items }: { items: readonly NavItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useClosedOnNavigation(ref)
  const here = items.some((item) => location.pathname === item.url)
  return (
    <details className="nav-more" ref={ref}>
      <summary className={here ? 'active' : undefined}>更多</summary>
      <div className="menu">
        {items.map((item) => (
          <NavLink key={item.key} to={item.url}>
            {item.name}
          </NavLink>
        ))}
      </div>
    </details>
  )
}

import { NavLink } from 'react-router'
import { signInHref } from '#app/components/auth/dialog-url.ts'
import { GROUP_CREATE_HREF, GROUP_EXPLORE_HREF, GROUP_JOIN_HREF, GROUP_NOTICE_HREF } from './group-href.ts'
import './groups.css'

/**
 * The way between the group pages (spec §2: /group and its children), on each of them: the
 * explore page, the notices, joining by code, and 创建小组 (a guest signs in first and comes back
 * to the form). Plain links; NavLink marks the page shown with aria-current="page".
 */
export function GroupNav({ signedIn }: { signedIn: boolean }) {
  const createHref = signedIn ? GROUP_CREATE_HREF : signInHref(GROUP_CREATE_HREF)
  return (
    <nav className="group-nav" aria-label="小组">
      <ul>
        <li>
          <NavLink to={GROUP_EXPLORE_HREF} end>
            小组广场
          </NavLink>
        </li>
        <li>
          <NavLink to={GROUP_NOTICE_HREF}>小组消息</NavLink>
        </li>
        <li>
          <NavLink to={GROUP_JOIN_HREF}>邀请码加入</NavLink>
        </li>
      </ul>
      <NavLink to={createHref} className="button button-primary group-nav-create">
        创建小组
      </NavLink>
    </nav>
  )
}

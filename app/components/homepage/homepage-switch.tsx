import { useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { closeHref, dialogHref, HOMEPAGE_SWITCH_ID } from '#app/components/manage/dialog-href.ts'

/** How long the pointer rests on 我的主页 before the popover opens by itself. */
const HOVER_DELAY = 300

/**
 * 我的主页: opens the homepage popover, and closes it when it is open. With 悬停时自动展开 on
 * (popVisible, the owner's setting), resting the pointer on it opens it too (JavaScript only).
 */
export function HomepageSwitch({ hoverOpens }: { hoverOpens: boolean }) {
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


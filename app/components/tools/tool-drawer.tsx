import { useRef, useState } from 'react'
import { NavLink } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { TOOL_BOX_HREF } from '#app/tools/tool-box-href.ts'
import { lazyPart } from '../lazy-part.tsx'
import { isPlainClick } from '#app/utils/plain-click.ts'

/** The drawer's code (Radix, the directory) loads when it is first opened, or hovered (ADR 015). */
const ToolDrawer = lazyPart(() => import('./tool-drawer-dialog.tsx').then((m) => m.ToolDrawer))

/**
 * The header's 工具箱 entry (spec §2 tool drawer). A plain link to /tool, which is the whole tool
 * box as a page; once scripts run, a click opens the drawer instead (a modifier click still opens
 * the page in a new tab). Closing returns focus to the link.
 */
export function ToolDrawerLink({ className, children = '工具箱' }: { className?: string; children?: React.ReactNode }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  // Drawn from its first opening on, so that it can close (and give focus back) as before.
  const [used, setUsed] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return
    event.preventDefault()
    setUsed(true)
    setOpen(true)
  }
  return (
    <>
      {/* A NavLink, so that in the header's menu it is marked active on the tool pages. */}
      <NavLink
        ref={link}
        to={TOOL_BOX_HREF}
        className={className}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        aria-expanded={hydrated ? open : undefined}
        onClick={hydrated ? onClick : undefined}
        onPointerEnter={hydrated ? ToolDrawer.preload : undefined}
        onFocus={hydrated ? ToolDrawer.preload : undefined}
      >
        {children}
      </NavLink>
      {hydrated && used ? <ToolDrawer open={open} onOpenChange={setOpen} returnFocus={() => link.current?.focus()} /> : null}
    </>
  )
}

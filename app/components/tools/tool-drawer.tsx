import * as Dialog from '@radix-ui/react-dialog'
import { useRef, useState } from 'react'
import { Link, NavLink } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { TOOL_BOX_HREF } from '#app/tools/registry.ts'
import { ToolDirectory } from './tool-directory.tsx'
import './tools.css'

/**
 * The header's 工具箱 entry (spec §2 tool drawer). A plain link to /tool, which is the whole tool
 * box as a page; once scripts run, a click opens the drawer instead (a modifier click still opens
 * the page in a new tab). Closing returns focus to the link.
 */
export function ToolDrawerLink({ className, children = '工具箱' }: { className?: string; children?: React.ReactNode }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
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
      >
        {children}
      </NavLink>
      {hydrated ? <ToolDrawer open={open} onOpenChange={setOpen} returnFocus={() => link.current?.focus()} /> : null}
    </>
  )
}

/** The drawer itself: every tool by category, each category in its registry width. */
export function ToolDrawer({ open, onOpenChange, returnFocus }: { open: boolean; onOpenChange: (open: boolean) => void; returnFocus?: () => void }) {
  const close = () => onOpenChange(false)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="toolbox-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Opened from a link, not a Radix trigger: say where focus goes back to.
            if (!returnFocus) return
            event.preventDefault()
            returnFocus()
          }}
        >
          <header className="dialog-header">
            <Dialog.Title>工具箱</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label="关闭">
              ×
            </Dialog.Close>
          </header>
          <ToolDirectory heading="h3" compact widths onNavigate={close} />
          <p className="toolbox-drawer-all">
            <Link to={TOOL_BOX_HREF} onClick={close}>
              查看全部工具
            </Link>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

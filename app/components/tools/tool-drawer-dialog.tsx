import * as Dialog from '@radix-ui/react-dialog'
import { Link } from 'react-router'
import { TOOL_BOX_HREF } from '#app/tools/registry.ts'
import { ToolDirectory } from './tool-directory.tsx'

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

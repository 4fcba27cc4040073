import { type ReactNode, useRef } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import * as Popover from '@radix-ui/react-popover'
import { Link, useLocation, useNavigate, useNavigation, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { backHref, type ReturnFocusState } from './dialog-href.ts'
import { type BodyProps, DIALOG_VIEWS, isDialogName } from './dialog-views.tsx'
import { isManageActionData, type ManageDialogData } from './types.ts'

/** The view of an open dialog, for data of any dialog (the table is keyed by each one's own data). */
function viewOf(data: ManageDialogData) {
  const view = DIALOG_VIEWS[data.dialog] as {
    title: string | ((data: ManageDialogData) => string)
    width: number
    Body: (props: BodyProps<ManageDialogData>) => ReactNode
    key?: (data: ManageDialogData, locationKey: string) => string
    popover?: { anchor: string }
    drawer?: boolean
  }
  return view
}

/**
 * Focus back where it was when the dialog opened (or on the element its link named), else on
 * `fallback`, once it closes; only if focus was lost with it: a dialog opened in its place keeps it.
 */
function useFocusReturn(fallback: HTMLElement | null) {
  const { state } = useLocation()
  const before = useRef<Element | null>(null)
  const named = (state as Partial<ReturnFocusState> | null)?.returnFocus
  return {
    onOpenAutoFocus: () => {
      before.current = document.activeElement
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      if (document.activeElement && document.activeElement !== document.body) return
      const candidates = [before.current, named ? document.querySelector(named) : null, fallback]
      const back = candidates.find((el): el is HTMLElement => el instanceof HTMLElement && el !== document.body && el.isConnected && el.checkVisibility())
      back?.focus()
    },
  }
}

/**
 * The open management dialog of the page (`?dialog=` of dialog-href.ts, data from
 * `loadManageDialog`). Without JavaScript, and until hydration, it is a labelled section at the
 * top of the page with a 关闭 link; after hydration a Radix modal dialog (focus trapped, Escape
 * closes), or for the views that say so a popover beside their anchor; closing is navigation.
 * `actionData` is the page action's 400 answer (no-JS posts).
 */
export function ManageDialog({ data, actionData }: { data: ManageDialogData | null | undefined; actionData?: unknown }) {
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const root = useRouteLoaderData('root') as { toast?: { msg: string } | null } | undefined
  const view = data ? viewOf(data) : null
  // Rendered in the browser only (after hydration), so the document can be read.
  const anchor = hydrated && view?.popover ? document.getElementById(view.popover.anchor) : null
  const focus = useFocusReturn(anchor)
  if (!data || !view) return null
  // Closing (or a save that closes) hides the dialog at once, not when the page has reloaded.
  const pending = navigation.location
  if (pending && pending.pathname === location.pathname && !isDialogName(new URLSearchParams(pending.search).get('dialog'))) {
    return null
  }
  const { title: titleOf, width, Body, key, drawer } = view
  const title = typeof titleOf === 'string' ? titleOf : titleOf(data)
  const cancelHref = backHref(location)
  const lastResult = isManageActionData(actionData) && actionData.dialog === data.dialog ? actionData.result : null
  const body = (
    <Body
      key={key ? key(data, location.key) : data.dialog}
      data={data}
      lastResult={lastResult}
      cancelHref={cancelHref}
      baseHref={`${location.pathname}${location.search}`}
    />
  )

  if (!hydrated) {
    return (
      <section className="dialog-inline manage-dialog" aria-labelledby="manage-dialog-title">
        <div className="dialog-card" style={{ width }}>
          <header className="dialog-header">
            <h2 id="manage-dialog-title">{title}</h2>
            <Link to={cancelHref} className="dialog-close" aria-label="关闭">
              ×
            </Link>
          </header>
          {body}
        </div>
      </section>
    )
  }
  const close = (open: boolean) => !open && navigate(cancelHref, { replace: true, preventScrollReset: true })
  if (anchor) {
    // Non-modal: Escape, a click or focus elsewhere close it (a click on its own button too: that link closes it).
    return (
      <Popover.Root open onOpenChange={close}>
        <Popover.Anchor virtualRef={{ current: anchor }} />
        <Popover.Portal>
          <Popover.Content
            className="dialog-card dialog-popover manage-dialog"
            style={{ width }}
            side="bottom"
            align="start"
            sideOffset={6}
            collisionPadding={8}
            {...focus}
            onInteractOutside={(event) => anchor.contains(event.target as Node) && event.preventDefault()}
          >
            <header className="dialog-header">
              <Popover.Title>{title}</Popover.Title>
              <Popover.Close className="dialog-close" aria-label="关闭">
                ×
              </Popover.Close>
            </header>
            {body}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    )
  }
  return (
    <Dialog.Root open onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-card ${drawer ? 'dialog-drawer' : 'dialog-modal'} manage-dialog`} style={{ width }} aria-describedby={undefined} {...focus}>
          <header className="dialog-header">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label="关闭">
              ×
            </Dialog.Close>
          </header>
          {body}
          {/* The modal hides the page's own toaster from assistive technology while it stays open
              (list dialogs): the flash message is announced from inside it as well. */}
          <p className="visually-hidden" role="status">
            {root?.toast?.msg}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

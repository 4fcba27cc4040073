import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react'

/** Parts by name, for entry.client.tsx to fetch before hydration what the server has drawn. */
const NAMED = new Map<string, () => Promise<unknown>>()

/** Fetches the named parts' code (those defined so far: the page's route modules have run). */
export function preloadParts(names: string[]) {
  return Promise.all(names.map((name) => NAMED.get(name)?.().catch(() => {})))
}

/**
 * A part of a page whose code loads only when it is drawn (ADR 015): dialogs, popovers, drawers
 * and owner-only tools, so that a guest's page does not carry Radix, Conform, zod or SortableJS.
 *
 * - On the server the part renders in place: pages are rendered whole (`onAllReady` in
 *   entry.server.tsx), so the HTML, and with it every no-JS form and link, is unchanged.
 * - Hydrating, React keeps the server's markup of a part whose code has not arrived and hydrates
 *   it when it has (a Suspense boundary); links and forms in it work as plain HTML meanwhile.
 * - Drawn anew in the browser, `fallback` shows until the code is there (nothing by default).
 * - `preload()` fetches the code ahead of use (on hover or focus of what opens the part).
 *
 * `load` picks the component out of its module: `() => import('./x.tsx').then((m) => m.X)`.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>, name?: string) {
  type Module = { default: ComponentType<Props> }
  let loading: Promise<Module> | undefined
  let loaded: Module | undefined
  // A failed load is tried again on the next use. Offline, it is tried again once the browser is
  // back online, and the part waits till then (drawn by the server, it keeps its HTML meanwhile):
  // thrown, the failure would take the page down to an error (page-script.ts does not reload then,
  // and says when the browser is back).
  const preload = (): Promise<Module> =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        loading = undefined
        const online = window.qyWhenOnline?.()
        if (!online) throw error
        return online.then(preload)
      },
    ))
  // Code already here is drawn at once (a thenable that resolves as it is asked): a part the page
  // was hydrated with does not wait a turn (entry.client.tsx preloads an open dialog's).
  const Lazy = lazy(() => (loaded ? ({ then: (resolve: (module: Module) => void) => resolve(loaded!) } as Promise<Module>) : preload()))
  if (name) NAMED.set(name, preload)
  function Part({ fallback = null, ...props }: Props & { fallback?: ReactNode }) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(props as Props)} />
      </Suspense>
    )
  }
  /** Fetches the code ahead of use; a failure shows (and is tried again) when the part is drawn. */
  Part.preload = () => void preload().catch(() => {})
  return Part
}

/**
 * Fetches a lazy part's code when a link that opens it is pointed at or focused: `opens` gets the
 * `dialog` of each link's address (`?dialog=…`, dialog-href.ts and auth/dialog-url.ts).
 */
export function usePreloadForDialogLinks(opens: (dialog: string) => boolean, preload: () => void) {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const href = (event.target as Element | null)?.closest?.('a[href*="dialog="]')?.getAttribute('href')
      const dialog = href ? new URL(href, location.href).searchParams.get('dialog') : null
      if (dialog && opens(dialog)) preload()
    }
    const events = ['pointerover', 'focusin']
    for (const name of events) document.addEventListener(name, onIntent)
    return () => events.forEach((name) => document.removeEventListener(name, onIntent))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

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
  let loading: Promise<ComponentType<Props>> | undefined
  let loaded: ComponentType<Props> | undefined
  // A failed load (offline) is tried again on the next use.
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  // Code already here is drawn at once (a thenable that resolves as it is asked): a part the page
  // was hydrated with does not wait a turn (entry.client.tsx preloads an open dialog's).
  const Lazy = lazy(() =>
    loaded ? ({ then: (resolve: (module: { default: ComponentType<Props> }) => void) => resolve({ default: loaded! }) } as Promise<{ default: ComponentType<Props> }>) : preload().then((component) => ({ default: component })),
  )
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
      const dialog = href ? new URL(href, window.location.href).searchParams.get('dialog') : null
      if (dialog && opens(dialog)) preload()
    }
    document.addEventListener('pointerover', onIntent)
    document.addEventListener('focusin', onIntent)
    return () => {
      document.removeEventListener('pointerover', onIntent)
      document.removeEventListener('focusin', onIntent)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

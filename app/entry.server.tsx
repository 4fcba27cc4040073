import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router'
import { appContext, userContext } from './context.ts'
import { VIEWER_HEADER, viewerTag } from './utils/viewer-tag.server.ts'
import { COLOR_SCHEME_HINT } from './utils/color-scheme.ts'
import { NonceProvider } from './utils/nonce.tsx'
import { ThemeScriptProvider } from './components/skin/document-look.ts'
import { THEME_SCRIPT } from './utils/theme-rule.ts'
import { pageScript } from './utils/page-script.ts'

/** The theme re-check and the page script (chunk reloads, network state, the service worker in production). */
const INLINE_SCRIPT = `${THEME_SCRIPT};${pageScript(process.env.NODE_ENV === 'production')}`

// The server takes the context key from here so that it sets the very key the routes read.
export { appContext }
// And the start page's fragments (the page cache redraws a changed category with the build's own list component).
export * as fragments from './page-cache/fragments.server.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  const { nonce } = loadContext.get(appContext)
  return new Promise<Response>((resolve, reject) => {
    // A render that never finishes (a Suspense that never resolves) is stopped after streamTimeout.
    // Cleared once it is whole: a pending timer holds the render's whole context (its loader data,
    // React's tree and chunks) until it fires, and at 50 renders a second that was over a hundred
    // MB of heap kept for nothing (issue 27, budget 10).
    const stop = setTimeout(() => abort(), streamTimeout + 1000).unref()
    // Pages are rendered whole before the first byte: they are small and have no slow parts,
    // and a whole page can be cached and compressed in one piece (PERFORMANCE.md). People and
    // crawlers get the same whole page, so nothing asks who is a bot (React Router's template
    // uses isbot only to wait for onAllReady for bots).
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ThemeScriptProvider value={INLINE_SCRIPT}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ThemeScriptProvider>
      </NonceProvider>,
      {
        nonce,
        // Every Suspense boundary (the lazy parts of lazy-part.tsx, ADR 015) is written in place:
        // React would otherwise move a large one out of place behind a script that reveals it,
        // which a browser without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(stop)
          const body = new PassThrough()
          headers.set('Content-Type', 'text/html; charset=utf-8')
          // The follow-system theme is drawn on the first byte from the colour-scheme hint.
          headers.set('Accept-CH', COLOR_SCHEME_HINT)
          headers.append('Vary', COLOR_SCHEME_HINT)
          // `/` sends signed-in phones to the mobile site (routes/index.tsx, utils/phone.ts).
          if (new URL(request.url).pathname === '/') headers.append('Vary', 'User-Agent')
          // Whose page this is, for the service worker's offline copies (utils/viewer-tag.server.ts).
          headers.set(VIEWER_HEADER, viewerTag(loadContext.get(userContext)?.id ?? null))
          resolve(new Response(createReadableStreamFromReadable(body), { status, headers }))
          pipe(body)
        },
        onShellError(error) {
          clearTimeout(stop)
          reject(error)
        },
        onError(error) {
          status = 500
          console.error(error)
        },
      },
    )
  })
}

/** The one place that logs unexpected errors; users see a generic page or envelope. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  console.error(error)
}

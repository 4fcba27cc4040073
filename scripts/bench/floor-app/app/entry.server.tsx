import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'

/*
 * React Router's default entry.server.node.tsx without isbot: given no entry of its own, `react-router
 * build` adds isbot to the nearest package.json (the project's) and runs npm install. The page
 * has no Suspense, so waiting for onAllReady, as the app's entry does, is the template's answer.
 */
export const streamTimeout = 5_000

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough()
        headers.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }))
        pipe(body)
      },
      onShellError: reject,
      onError(error) {
        status = 500
        console.error(error)
      },
    })
    setTimeout(abort, streamTimeout + 1000).unref()
  })
}

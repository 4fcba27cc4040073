import type { Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'

/**
 * How long a stopping server leaves its idle kept-alive connections to their clients. Closing one
 * races a client that is sending a request on it at that moment, and nginx never retries a POST
 * it has sent (deploy/nginx.conf): that POST would fail. nginx closes its own idle connections
 * first (keepalive_timeout 4s there; tests/cluster/nginx-conf.test.ts keeps it below this), and
 * none goes back to its cache after the stop (every answer says Connection: close), so by then
 * the idle ones left are browsers', which retry.
 */
export const IDLE_GRACE_MS = 5_000

/**
 * A graceful stop of the HTTP server (SIGTERM): no new connections; requests under way finish;
 * every answer from then on carries `Connection: close`, so that a client or proxy sends its next
 * request on a new connection (to another process) rather than on one about to be closed; idle
 * connections are closed after IDLE_GRACE_MS, if their client has not closed them by then.
 * Connections still busy after `graceMs` are cut.
 */
export function gracefulStop(server: Server) {
  let stopping = false
  const answering = new Set<ServerResponse>()
  // Before the app's own listener: the app may answer at once.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close')
    answering.add(res)
    // An answer given after the stop closes its connection itself (Connection: close).
    res.once('close', () => answering.delete(res))
  })
  return {
    stopping: () => stopping,
    /** Resolves once every connection is closed; says how many requests were under way. */
    stop(graceMs: number, onStart: (underWay: number) => void = () => {}) {
      stopping = true
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close')
      onStart(answering.size)
      // net.Server's close: stops listening and resolves once the last connection is gone. http's
      // own would also close the idle connections at once (Node ≥ 19), the race IDLE_GRACE_MS avoids.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
      const idle = setTimeout(() => server.closeIdleConnections(), Math.min(IDLE_GRACE_MS, graceMs))
      const cut = setTimeout(() => server.closeAllConnections(), graceMs)
      return closed.finally(() => {
        clearTimeout(idle)
        clearTimeout(cut)
      })
    },
  }
}

import type { Server, ServerResponse } from 'node:http'

/**
 * A graceful stop of the HTTP server (SIGTERM): no new connections; requests under way finish;
 * every answer from then on carries `Connection: close`, so that a client or proxy sends its next
 * request on a new connection (to another process) rather than on one about to be closed; idle
 * connections close at once. Connections still busy after `graceMs` are cut.
 */
export function gracefulStop(server: Server) {
  let stopping = false
  const answering = new Set<ServerResponse>()
  // Before the app's own listener: the app may answer at once.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close')
    answering.add(res)
    res.once('close', () => {
      answering.delete(res)
      // An answer sent kept-alive before the stop leaves its connection idle now.
      if (stopping) server.closeIdleConnections()
    })
  })
  return {
    stopping: () => stopping,
    /** Resolves once every connection is closed; says how many requests were under way. */
    stop(graceMs: number, onStart: (underWay: number) => void = () => {}) {
      stopping = true
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close')
      onStart(answering.size)
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const cut = setTimeout(() => server.closeAllConnections(), graceMs)
      return closed.finally(() => clearTimeout(cut))
    },
  }
}

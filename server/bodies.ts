import type express from 'express'

/**
 * The most of a refused body read and thrown away so its connection can carry the next request:
 * above every route's own limit (the largest is a 3 MB skin), small enough not to be a flood.
 */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024

/**
 * A route may answer before it has read the whole body (too large, not signed in, wrong type).
 * The rest must still leave the wire: unread, it stalls the client's upload and every later
 * request on the connection (Node does not drain a body a reader was attached to). So after the
 * answer the rest is read and dropped, up to DRAIN_MAX_BYTES; past that the connection is closed,
 * and a body declared larger is told so at once (`Connection: close`).
 */
export function drainRefusedBodies(): express.RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0)
    if (!length && req.headers['transfer-encoding'] === undefined) return next()
    if (length > DRAIN_MAX_BYTES) res.setHeader('Connection', 'close')
    res.once('finish', () => {
      if (!req.complete) drain(req)
    })
    next()
  }
}

function drain(req: express.Request) {
  let left = DRAIN_MAX_BYTES
  // The reader the app attached (React Router's body stream) is paused and no longer wanted.
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    left -= chunk.byteLength
    if (left < 0) req.socket.destroy()
  })
  req.resume()
}

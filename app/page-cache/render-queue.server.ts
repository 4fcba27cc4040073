import type { RequestHandler } from 'express'
import { isStartPage } from './page-key.server.ts'

/**
 * Start pages are rendered a few at a time, the rest wait in the order they came (PERFORMANCE.md
 * budget 3: a fair queue). A render is mostly this thread's CPU (React, and PGlite's queries run
 * here too), so a hundred at once finish no sooner than a few at a time; interleaved, they held
 * a hundred half-built pages in memory and answered in no order (at 100 connections p50 4.5 s,
 * p99 past 10 s). Pages answered from the cache never wait here: it runs before this.
 */
export function renderQueue(slots: number): RequestHandler {
  let running = 0
  const waiting = new Set<() => void>()

  function release() {
    const [next] = waiting
    if (!next) return void running--
    waiting.delete(next)
    next()
  }

  return (req, res, next) => {
    if (req.method !== 'GET' || !isStartPage(req.path)) return next()
    // The client left while the request waited before the queue (in the page cache, for another
    // render of the same page): its 'close' has passed and would never free a slot taken now. Two
    // such requests stopped every start page for good (the bench's budget 9 on PostgreSQL: the
    // readers' connections close at the end of a run). It goes on without a slot, as before the
    // queue existed: whatever its render ends (a redirect's res.end) still runs.
    if (res.closed) return next()
    let started = false
    const start = () => {
      started = true
      next()
    }
    // Leaving (sent, or the client gone) frees the slot, or the place in the queue.
    res.once('close', () => (started ? release() : waiting.delete(start)))
    if (running < slots) {
      running++
      start()
    } else {
      waiting.add(start)
    }
  }
}

import express from 'express'

/** A database that has not answered the readiness query by then is as good as unreachable. */
const READY_TIMEOUT_MS = 2_000

/**
 * The balancer's checks, answered before anything else (no page cache, no CSP) and never cached.
 * `/livez`: 200 while the process runs. `/healthz` (readiness): 200 `{"ok":true}` when the
 * database answers and has this build's migrations; 503 `{"ok":false,"reason":…}` otherwise and
 * once the process is stopping. Both names are reserved personal domains (app/schemas/homepage.ts).
 */
export function healthChecks({ ready, stopping }: { ready: () => Promise<boolean>; stopping: () => boolean }) {
  const router = express.Router()
  router.get('/livez', (_req, res) => void res.set('Cache-Control', 'no-store').json({ ok: true }))
  router.get('/healthz', async (_req, res) => {
    const reason = stopping() ? 'stopping' : await readiness(ready)
    res.set('Cache-Control', 'no-store')
    if (reason) res.status(503).json({ ok: false, reason })
    else res.json({ ok: true })
  })
  return router
}

async function readiness(ready: () => Promise<boolean>) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS, 'timeout')))
  try {
    const answer = await Promise.race([ready(), timeout])
    return answer === true ? null : answer === 'timeout' ? 'database' : 'migrations'
  } catch {
    return 'database'
  } finally {
    clearTimeout(timer)
  }
}

import { createClient } from '#tests/http/client.ts'

/**
 * Pieces the cluster tests share: what they need to run, readiness, and a client that talks to
 * one app process directly as if through the public origin.
 */

/** The PostgreSQL server of the PostgreSQL stage of `npm test` (.ci/run sets it when one answers). */
export const serverUrl = process.env.TEST_DATABASE_URL || undefined

export const NO_POSTGRES =
  'no PostgreSQL server: TEST_DATABASE_URL is not set (npm test runs this file in its PostgreSQL stage, which .ci/run enables when a server answers on 127.0.0.1:5432)'

/**
 * Polls a process's /healthz until it answers 200 (what the rolling restart waits for); returns
 * the last status (0: no answer), so a caller can assert it. A 404 is final: no such endpoint.
 */
export async function waitHealthy(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let status = 0
  while (Date.now() < deadline) {
    status = await fetch(new URL('/healthz', url), { headers: CLOSE }).then((r) => (r.body?.cancel(), r.status)).catch(() => 0)
    if (status === 200 || status === 404) return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return status
}

/**
 * The test's own requests straight to a process close their connection: one left kept-alive
 * (undici keeps them a minute) would hold that process's drain on SIGTERM to its full grace.
 */
export const CLOSE = { Connection: 'close' }

/**
 * A client of one app process, bypassing nginx, that presents itself as our own pages do on the
 * public origin (the Origin the app checks POSTs against is APP_ORIGIN, nginx's address here).
 */
export function directClient(processUrl: string, appOrigin: string, jar?: Map<string, string>) {
  const client = createClient(processUrl, CLOSE)
  client.sameOrigin.Origin = appOrigin
  for (const [name, value] of jar ?? []) client.jar.set(name, value)
  return client
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

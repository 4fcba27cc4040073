import { once } from 'node:events'
import { createServer, request, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, expect, test, vi } from 'vitest'
import { visitBuffer } from '#app/services/visits.server.ts'
import { createTestDb } from '#tests/setup/test-db.ts'
import { pageCache } from './page-cache.ts'

const db = await createTestDb()
const visits = visitBuffer(db.db)
afterAll(async () => {
  await visits.stop()
  await db.dispose()
})

/**
 * The page cache in front of a render this test holds and lets go (React Router's place): the
 * order of events is the test's, not the machine's. Start pages are keyed by the minute, so the
 * clock stands still for the test.
 */
test('a request whose client left while it waited for a render does not render, and the page is not held up after it', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T08:00:10Z') })
  let renders = 0
  let letFirstGo!: () => void
  const firstHeld = new Promise<void>((resolve) => (letFirstGo = resolve))
  let firstStarted!: () => void
  const firstInRender = new Promise<void>((resolve) => (firstStarted = resolve))
  const app = express()
  app.use(pageCache(db, { enabled: true, visits }).serve)
  app.use(async (_req, res) => {
    const nth = ++renders
    if (nth === 1) {
      firstStarted()
      await firstHeld
    }
    res.end(`render ${nth}`)
  })
  let secondArrived!: (res: ServerResponse) => void
  const second = new Promise<ServerResponse>((resolve) => (secondArrived = resolve))
  let arrived = 0
  const server = createServer(app).on('request', (_req, res) => ++arrived === 2 && secondArrived(res))
  await once(server.listen(0, '127.0.0.1'), 'listening')
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    // The first guest's `/` renders, held there.
    const first = fetch(`${origin}/`).then((response) => response.text())
    await firstInRender
    // A second one comes for the same page, so waits on that render, and its client leaves.
    const gone = request(`${origin}/`).on('error', () => {})
    gone.end()
    const left = once(await second, 'close')
    gone.destroy()
    await left
    letFirstGo()
    expect(await first).toBe('render 1')
    // The next request renders: nothing waits on a render for the client that left (the bug had
    // that request render for nobody, and marked `/` as being rendered for good).
    const next = await fetch(`${origin}/`, { signal: AbortSignal.timeout(20_000) }).then((response) => response.text())
    expect(next).toBe('render 2')
    expect(renders, 'no render for the client that left').toBe(2)
  } finally {
    server.closeAllConnections()
    server.close()
    vi.useRealTimers()
  }
})

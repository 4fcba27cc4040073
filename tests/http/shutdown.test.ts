import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import express from 'express'
import { afterAll, expect, inject, test } from 'vitest'
import { RESERVED_CODES } from '#app/schemas/homepage.ts'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase } from '#tests/setup/test-db.ts'
import { healthChecks } from '#server/health.ts'

const serverUrl = process.env.TEST_DATABASE_URL
const database = serverUrl ? await createServerDatabase(serverUrl) : null
const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { PGLITE_DIR: freshDataDir() }
afterAll(() => database?.drop())
// Keeps the shared server of the other files out of this one.
inject('baseUrl')

/** A request written by hand, a part now and the rest later; `answer` is all the server sent before it closed. */
function rawRequest(url: string, head: string) {
  const { hostname, port } = new URL(url)
  const socket: Socket = connect(Number(port), hostname)
  let received = ''
  socket.setEncoding('utf8').on('data', (chunk) => (received += chunk))
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)))
  socket.write(head)
  return { send: (rest: string) => socket.write(rest), answer }
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1])
const headerOf = (answer: string, name: string) => new RegExp(`^${name}: (.*)\r$`, 'im').exec(answer)?.[1]
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4)

test('health checks: /livez and /healthz answer first, never cached; both names are reserved', { timeout: 120_000 }, async () => {
  expect(RESERVED_CODES.has('healthz') && RESERVED_CODES.has('livez')).toBe(true)
  const server = await startServer(env)
  try {
    for (const path of ['/livez', '/healthz']) {
      const response = await fetch(new URL(path, server.url))
      expect(response.status, path).toBe(200)
      expect(await response.json()).toEqual({ ok: true })
      expect(response.headers.get('cache-control')).toBe('no-store')
      // Answered before the pages' headers (helmet) and the page cache.
      expect(response.headers.get('content-security-policy')).toBeNull()
    }
  } finally {
    expect(await server.stop()).toBe(0)
  }
})

test('SIGTERM: no new connections, requests under way finish (Connection: close), /healthz says 503, the rest is cut after the grace; exit 0', { timeout: 120_000 }, async () => {
  const graceMs = 3_000
  const server = await startServer({ ...env, SHUTDOWN_GRACE_MS: String(graceMs) })
  const body = JSON.stringify({ user_email: 'nobody@example.com', user_password: 'not-a-password' })
  // A sign-in whose body is still coming; a kept-alive connection, answered once and with its next
  // readiness check's headers still coming; and a request that never ends.
  const signIn = rawRequest(server.url, `POST /api/sign/in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`)
  const health = rawRequest(server.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n')
  const stuck = rawRequest(server.url, 'GET /livez HTTP/1.1\r\n')
  await new Promise((resolve) => setTimeout(resolve, 300))

  const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve))
  const sent = Date.now()
  server.process.kill('SIGTERM')
  await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/SIGTERM: stopping; 1 requests under way/)
  await expect(fetch(new URL('/livez', server.url))).rejects.toThrow()

  signIn.send(body.slice(10))
  const signedIn = await signIn.answer
  expect(statusOf(signedIn)).toBe(200)
  expect(headerOf(signedIn, 'Connection')).toBe('close')
  // The API's envelope (sent chunked).
  expect(bodyOf(signedIn)).toMatch(/\{"code":-?\d+,"msg":/)

  health.send('\r\n')
  const [before, checked = ''] = (await health.answer).split(/(?=HTTP\/1\.1 \d{3} )/)
  expect(statusOf(before!)).toBe(200)
  expect(headerOf(before!, 'Connection')).toBe('keep-alive')
  expect(statusOf(checked)).toBe(503)
  expect(headerOf(checked, 'Connection')).toBe('close')
  expect(headerOf(checked, 'Cache-Control')).toBe('no-store')
  expect(JSON.parse(bodyOf(checked))).toEqual({ ok: false, reason: 'stopping' })

  expect(await exited).toBe(0)
  expect(Date.now() - sent).toBeGreaterThanOrEqual(graceMs - 200)
  expect(await stuck.answer).toBe('')
})

test('readiness says why it is not ready: a database behind on migrations, one that fails or does not answer', { timeout: 30_000 }, async () => {
  let ready: () => Promise<boolean> = async () => false
  const app = express().use(healthChecks({ ready: () => ready(), stopping: () => false }))
  const listening = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => listening.once('listening', resolve))
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/healthz`
  const check = async () => {
    const response = await fetch(url)
    return [response.status, await response.json()]
  }
  try {
    expect(await check()).toEqual([503, { ok: false, reason: 'migrations' }])
    ready = () => Promise.reject(new Error('connection refused'))
    expect(await check()).toEqual([503, { ok: false, reason: 'database' }])
    ready = () => new Promise(() => {})
    expect(await check()).toEqual([503, { ok: false, reason: 'database' }])
    ready = async () => true
    expect(await check()).toEqual([200, { ok: true }])
  } finally {
    listening.close()
  }
})

import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { MAX_FILE_BYTES } from '#app/bookmark-files/parse.ts'
import { IMAGE_LIMITS } from '#app/uploads/image.server.ts'
import { DRAIN_MAX_BYTES } from '#server/bodies.ts'
import { IDLE_GRACE_MS } from '#server/shutdown.ts'
import { findNginx, freePort, NGINX_SITE, type RunningNginx, startNginx } from '#tests/setup/nginx.ts'

/**
 * deploy/nginx.conf, run as it is (tests/setup/nginx.ts) in front of small stand-in upstreams:
 * what it passes on, what it refuses, and which requests it moves to the next process. Only
 * nginx is needed; the same file in front of real app processes is tests/cluster/cluster.test.ts.
 */

const site = readFileSync(NGINX_SITE, 'utf8')
const nginxBinary = findNginx()
const noNginx = nginxBinary ? null : 'nginx is not installed (apt-get install nginx-light; .ci/run installs it)'
if (noNginx) console.log(`tests/cluster/nginx-conf.test.ts: the tests that run nginx are skipped: ${noNginx}`)

/** nginx's size syntax (4m, 512k, 1g) in bytes. */
function bytesOf(size: string) {
  const match = /^(\d+)([kmg]?)$/i.exec(size)
  if (!match) throw new Error(`not an nginx size: ${size}`)
  return Number(match[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g']
}

const directive = (name: string) => {
  const match = new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(site)
  if (!match) throw new Error(`deploy/nginx.conf has no ${name}`)
  return match[1]!.trim()
}

test('client_max_body_size lets the largest body the app accepts through, and no more than the app drains', () => {
  // Every multipart upload takes its file's limit plus 64 KB of form (app/uploads/*-upload*.server.ts).
  const FORM_OVERHEAD = 64 * 1024
  const largest = Math.max(...Object.values(IMAGE_LIMITS).map((limit) => limit.maxBytes), MAX_FILE_BYTES) + FORM_OVERHEAD
  const limit = bytesOf(directive('client_max_body_size'))
  expect(limit).toBeGreaterThanOrEqual(largest)
  // Above DRAIN_MAX_BYTES the app closes the connection instead of answering (server/bodies.ts).
  expect(limit).toBeLessThanOrEqual(DRAIN_MAX_BYTES)
})

test('nginx closes an idle upstream connection before the app does, running or stopping', () => {
  const appKeepAlive = Number(/const KEEP_ALIVE_MS = ([\d_]+)/.exec(readFileSync(join(import.meta.dirname, '..', '..', 'server', 'index.ts'), 'utf8'))![1]!.replaceAll('_', ''))
  const nginxKeepAlive = Number(/^(\d+)s$/.exec(directive('keepalive_timeout'))![1]) * 1000
  expect(nginxKeepAlive).toBeLessThan(appKeepAlive)
  // A stopping process leaves idle connections to nginx for IDLE_GRACE_MS (server/shutdown.ts).
  expect(nginxKeepAlive).toBeLessThan(IDLE_GRACE_MS)
})

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; length: number }

/**
 * A stand-in app process: answers what it received; `mode: 'reset'` reads the request and drops
 * the connection; `mode: 'old-build'` has no /assets/ (answers them 404).
 */
async function upstream(mode: 'answer' | 'reset' | 'old-build' = 'answer') {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    let length = 0
    req.on('data', (chunk: Buffer) => (length += chunk.length))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, length })
      if (mode === 'reset') return req.socket.destroy()
      if (mode === 'old-build' && req.url!.startsWith('/assets/')) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      if (req.url === '/assets/app.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript', 'Content-Encoding': 'br', 'Cache-Control': 'public, max-age=31536000, immutable', ETag: 'W/"abc"', Vary: 'Accept-Encoding' })
        return res.end(Buffer.from('precompressed bytes'))
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(`<!doctype html><p>${'页面'.repeat(2000)}</p>`)
    })
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port, seen, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) }
}

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
async function running<T extends { close?: () => Promise<unknown>; stop?: () => Promise<unknown> }>(thing: Promise<T>) {
  const value = await thing
  cleanups.push(() => (value.close ?? value.stop)!.call(value))
  return value
}

test.skipIf(noNginx)('forwards the client’s address, scheme and host; 4 MB bodies pass, larger ones are refused by nginx', async () => {
  const app = await running(upstream())
  const nginx: RunningNginx = await running(startNginx([app.port], { binary: nginxBinary }))
  const big = Buffer.alloc(3 * 1024 * 1024 + 60 * 1024, 1)
  const response = await fetch(`${nginx.url}/api/upload`, { method: 'POST', body: big, headers: { 'Content-Type': 'application/octet-stream', 'X-Forwarded-For': '203.0.113.9' } })
  expect(response.status).toBe(200)
  await response.text()
  const [seen] = app.seen
  expect(seen).toMatchObject({ method: 'POST', length: big.length })
  // The client's own X-Forwarded-For is kept on the left; TRUST_PROXY=loopback takes the address nginx saw.
  expect(seen!.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1')
  expect(seen!.headers['x-forwarded-proto']).toBe('http')
  expect(seen!.headers['x-forwarded-host']).toBe(`127.0.0.1:${nginx.port}`)
  expect(seen!.headers.host).toBe(`127.0.0.1:${nginx.port}`)
  // Kept-alive to the app: HTTP/1.1 without "Connection: close".
  expect(seen!.headers.connection).toBeUndefined()

  const tooBig = await fetch(`${nginx.url}/api/upload`, { method: 'POST', body: Buffer.alloc(4 * 1024 * 1024 + 1), headers: { 'Content-Type': 'application/octet-stream' } })
  expect(tooBig.status).toBe(413)
  await tooBig.text()
  expect(app.seen).toHaveLength(1)
})

test.skipIf(noNginx)('compression and asset headers are the app’s: passed through, nothing compressed again', async () => {
  const app = await running(upstream())
  const nginx = await running(startNginx([app.port], { binary: nginxBinary }))
  const page = await fetch(`${nginx.url}/demo`, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(page.headers.get('content-encoding')).toBeNull()
  expect(await page.text()).toContain('页面')
  // What the app asked for reaches it (it picks brotli or gzip itself).
  expect(app.seen[0]!.headers['accept-encoding']).toBe('gzip')
  const asset = await fetch(`${nginx.url}/assets/app.js`, { headers: { 'Accept-Encoding': 'br' } })
  expect(Object.fromEntries(['content-encoding', 'cache-control', 'etag', 'vary'].map((h) => [h, asset.headers.get(h)]))).toEqual({
    'content-encoding': 'br',
    'cache-control': 'public, max-age=31536000, immutable',
    etag: 'W/"abc"',
    vary: 'Accept-Encoding',
  })
  // (Not decoded: the stand-in's bytes are not brotli.)
  await asset.body?.cancel()
})

test.skipIf(noNginx)('a process that refuses connections is skipped, for a POST too: nothing was sent to it', async () => {
  const app = await running(upstream())
  const stopped = await freePort()
  const nginx = await running(startNginx([stopped, app.port], { binary: nginxBinary }))
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${nginx.url}/api/source/add`, { method: 'POST', body: `n=${i}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(response.status).toBe(200)
    await response.text()
  }
  expect(app.seen.filter((s) => s.method === 'POST')).toHaveLength(4)
})

test.skipIf(noNginx)('a connection lost under a request: a GET goes to the next process, a POST is never sent twice (502)', async () => {
  // GET: whichever process least_conn picks first, the answer is the live one's.
  {
    const dying = await running(upstream('reset'))
    const app = await running(upstream())
    const nginx = await running(startNginx([dying.port, app.port], { binary: nginxBinary }))
    for (let i = 0; i < 4 && dying.seen.length === 0; i++) {
      const response = await fetch(`${nginx.url}/page-${i}`)
      expect(response.status).toBe(200)
      await response.text()
    }
    expect(dying.seen.length, 'the dying process got a GET').toBe(1)
    expect(app.seen.map((s) => s.url)).toContain(dying.seen[0]!.url)
  }
  // POST: the one that reached the dying process fails, and the live one never sees it.
  {
    const dying = await running(upstream('reset'))
    const app = await running(upstream())
    const nginx = await running(startNginx([dying.port, app.port], { binary: nginxBinary }))
    const statuses: number[] = []
    for (let i = 0; i < 4 && dying.seen.length === 0; i++) {
      const response = await fetch(`${nginx.url}/api/source/add?n=${i}`, { method: 'POST', body: `n=${i}`, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
      statuses.push(response.status)
      await response.text()
    }
    expect(dying.seen.length, 'the dying process got a POST').toBe(1)
    expect(statuses.at(-1)).toBe(502)
    expect(app.seen.map((s) => s.url)).not.toContain(dying.seen[0]!.url)
  }
})

test.skipIf(noNginx)('an asset of the new build asked of a process still on the old one is answered by another (rolling restart)', async () => {
  const old = await running(upstream('old-build'))
  const current = await running(upstream())
  const nginx = await running(startNginx([old.port, current.port], { binary: nginxBinary }))
  for (let i = 0; i < 4; i++) {
    const asset = await fetch(`${nginx.url}/assets/app.js`)
    expect(asset.status).toBe(200)
    await asset.body?.cancel()
  }
  expect(old.seen.length, 'the old process was asked').toBeGreaterThan(0)
})

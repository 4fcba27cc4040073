import { readFileSync, statSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Request, Response } from 'express'
import { expect, inject, test } from 'vitest'
import { filesOnly } from '#server/static.ts'

/**
 * Built assets (issue 14 item 4): `/assets/*` answered with the brotli or gzip file that
 * `npm run build` wrote beside each one (scripts/precompress.ts), never compressed per request.
 * Raw node:http, not fetch: fetch would decode the body and normalise `..` before sending.
 */

const baseUrl = inject('baseUrl')
const assetsDir = join(import.meta.dirname, '..', '..', 'build', 'client', 'assets')
const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable'

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The scripts and stylesheets the home page links to, largest first. */
async function linkedAssets() {
  const page = (await raw('/')).body.toString('utf8')
  const paths = new Set([...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))
  return [...paths].map((path) => ({ path, size: statSync(join(assetsDir, path.slice('/assets/'.length))).size })).sort((a, b) => b.size - a.size)
}

test('a script is sent as its precompressed brotli, gzip or identity bytes, all decoding to the same file', async () => {
  const { path } = (await linkedAssets())[0]!
  const file = readFileSync(join(assetsDir, path.slice('/assets/'.length)))
  expect(file.length).toBeGreaterThan(1024)

  const br = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
  const gzip = await raw(path, { 'Accept-Encoding': 'gzip, deflate' })
  const identity = await raw(path, { 'Accept-Encoding': 'identity' })
  const none = await raw(path)

  expect(br.status).toBe(200)
  expect(br.headers['content-encoding']).toBe('br')
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(identity.headers['content-encoding']).toBeUndefined()
  expect(none.headers['content-encoding']).toBeUndefined()
  // The bytes written at build time, not a compression made for this request.
  expect(br.body.equals(readFileSync(join(assetsDir, `${path.slice('/assets/'.length)}.br`)))).toBe(true)
  expect(gzip.body.equals(readFileSync(join(assetsDir, `${path.slice('/assets/'.length)}.gz`)))).toBe(true)
  expect(brotliDecompressSync(br.body).equals(file)).toBe(true)
  expect(gunzipSync(gzip.body).equals(file)).toBe(true)
  expect(identity.body.equals(file)).toBe(true)
  expect(br.body.length).toBeLessThan(gzip.body.length)

  for (const answer of [br, gzip, identity, none]) {
    expect(answer.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i)
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length)
    expect(answer.headers['cache-control']).toBe(YEAR_IMMUTABLE)
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i)
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  }
  // Each variant is its own representation, with its own validator.
  expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(3)
})

test('brotli is preferred over gzip whatever the order the browser lists them in', async () => {
  const { path } = (await linkedAssets())[0]!
  expect((await raw(path, { 'Accept-Encoding': 'gzip, br' })).headers['content-encoding']).toBe('br')
  expect((await raw(path, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip')
})

test('a stylesheet comes precompressed too, with its own content type', async () => {
  const css = (await linkedAssets()).find((asset) => asset.path.endsWith('.css'))!
  const answer = await raw(css.path, { 'Accept-Encoding': 'br' })
  expect(answer.headers['content-encoding']).toBe('br')
  expect(answer.headers['content-type']).toMatch(/^text\/css; charset=utf-8$/i)
  expect(brotliDecompressSync(answer.body).equals(readFileSync(join(assetsDir, css.path.slice('/assets/'.length))))).toBe(true)
})

test('If-None-Match with the ETag of the variant answers 304; the ETag of another variant does not', async () => {
  const { path } = (await linkedAssets())[0]!
  const br = await raw(path, { 'Accept-Encoding': 'br' })
  const again = await raw(path, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) })
  expect(again.status).toBe(304)
  expect(again.body.length).toBe(0)
  expect(again.headers['cache-control']).toBe(YEAR_IMMUTABLE)
  const other = await raw(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) })
  expect(other.status).toBe(200)
  expect(other.headers['content-encoding']).toBe('gzip')
})

test('HEAD answers the headers of GET and no body', async () => {
  const { path } = (await linkedAssets())[0]!
  const get = await raw(path, { 'Accept-Encoding': 'br' })
  const head = await raw(path, { 'Accept-Encoding': 'br' }, 'HEAD')
  expect(head.status).toBe(200)
  expect(head.body.length).toBe(0)
  for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'cache-control', 'vary']) {
    expect(head.headers[name], name).toBe(get.headers[name])
  }
})

test('a file too small to gain from compression is sent as it is', async () => {
  const small = (await linkedAssets()).find((asset) => asset.size < 1024)
  // The build links a few tiny route entries; a chunking that left none would make this test empty.
  expect(small, 'a linked asset under 1 KB').toBeDefined()
  if (!small) return
  const answer = await raw(small.path, { 'Accept-Encoding': 'br, gzip' })
  expect(answer.status).toBe(200)
  expect(answer.headers['content-encoding']).toBeUndefined()
  expect(answer.body.length).toBe(small.size)
})

test('paths that leave the assets folder, encoded slashes, NUL and unknown names are 404', async () => {
  const { path } = (await linkedAssets())[0]!
  const name = path.slice('/assets/'.length)
  const secret = readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')
  for (const hostile of [
    '/assets/../../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/assets/..%5c..%5cpackage.json',
    `/assets/${name}%00.png`,
    `/assets/%00${name}`,
    `/assets/.%2f${name}`,
    `/assets/sub%2f${name}`,
    '/assets/no-such-file-1234.js',
    '/assets/',
    '/assets/.vite',
  ]) {
    const answer = await raw(hostile, { 'Accept-Encoding': 'br, gzip' })
    expect(answer.status, hostile).toBe(404)
    expect(answer.headers['content-encoding'], hostile).toBeUndefined()
    expect(answer.body.toString('utf8'), hostile).not.toContain('"dependencies"')
    expect(secret).toContain('"dependencies"')
  }
})

test('other built files are still served, with an hour of caching', async () => {
  const favicon = await raw('/favicon.svg', { 'Accept-Encoding': 'br, gzip' })
  expect(favicon.status).toBe(200)
  expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/)
  expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
})

test('the static-file middlewares see only paths that can name a file, never a page’s', () => {
  const seen: string[] = []
  const guarded = filesOnly((req) => void seen.push(req.path))
  for (const path of ['/favicon.svg', '/robots.txt', '/a/b.png', '/demo', '/user/notice', '/', '/tool/json', '/a.b/c']) {
    guarded({ path } as Request, {} as Response, () => {})
  }
  expect(seen).toEqual(['/favicon.svg', '/robots.txt', '/a/b.png'])
})

// A client reusing a kept-alive socket as the server closes it loses its request (a reset): the
// server keeps idle sockets longer than browsers and proxies keep theirs.
test('idle kept-alive connections are kept for at least a minute', async () => {
  const { headers } = await raw('/robots.txt', { Connection: 'keep-alive' })
  expect(headers['keep-alive']).toMatch(/timeout=(\d+)/)
  expect(Number(/timeout=(\d+)/.exec(String(headers['keep-alive']))![1])).toBeGreaterThanOrEqual(60)
})

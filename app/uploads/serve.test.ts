import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { uploadsRouter } from '#server/uploads.ts'
import { storeImage } from './image.server.ts'
import { diskStorage } from './storage.server.ts'
import { jpeg, png, webp } from '#tests/fixtures/images.ts'

let parent: string
let dir: string
let server: Server
let base: string
let pngSrc: string
let jpgSrc: string
let webpSrc: string

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'qiye-serve-'))
  dir = join(parent, 'uploads')
  // A file next to the upload directory that no URL may reach.
  await writeFile(join(parent, 'package.json'), '{"secret": true}')
  const storage = diskStorage(dir)
  pngSrc = (await storeImage(await png(300, 150), 'notepad', { storage })).src
  jpgSrc = (await storeImage(await jpeg(200, 400), 'notepad', { storage })).src
  webpSrc = (await storeImage(await webp(200, 200), 'notepad', { storage })).src
  const app = express()
  app.use(uploadsRouter(storage))
  app.use((_req, res) => res.status(418).send('fell through'))
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve())
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(parent, { recursive: true, force: true })
})

/** A request with the path sent exactly as written (fetch would normalise `..`). */
function raw(path: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path, method }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cross-origin-resource-policy': 'same-origin',
}

test('a stored image is served with its type, nosniff, a sandbox CSP, CORP and an immutable cache', async () => {
  for (const [src, type] of [
    [pngSrc, 'image/png'],
    [jpgSrc, 'image/jpeg'],
    [webpSrc, 'image/webp'],
  ] as const) {
    const response = await fetch(base + src)
    expect(response.status).toBe(200)
    expect(Object.fromEntries(response.headers)).toMatchObject({
      ...SAFE_HEADERS,
      'content-type': type,
      'cache-control': 'public, max-age=31536000, immutable',
    })
    expect(Buffer.from(await response.arrayBuffer())).toEqual(await readFile(join(dir, src.slice('/uploads/'.length))))
  }
})

test('HEAD answers the same headers without a body', async () => {
  const response = await raw(pngSrc, 'HEAD')
  expect(response.status).toBe(200)
  expect(response.headers).toMatchObject({ ...SAFE_HEADERS, 'content-type': 'image/png' })
  expect(response.body).toBe('')
})

test('?w=N makes a resized variant of a PNG or JPEG, kept in the storage', async () => {
  for (const [src, width, fits] of [
    [pngSrc, 40, { width: 40, height: 20 }],
    [jpgSrc, 96, { width: 48, height: 96 }],
  ] as const) {
    const response = await fetch(`${base}${src}?w=${width}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect(meta).toMatchObject(fits)
    expect(meta.width).toBeLessThanOrEqual(width)
  }
  const files = await readdir(dir)
  expect(files).toContain(pngSrc.slice('/uploads/'.length).replace('.png', '-w40.png'))
  expect(files).toContain(jpgSrc.slice('/uploads/'.length).replace('.jpg', '-w96.jpg'))
})

test('unknown names, traversal, other files and bad widths are a plain 404; other methods 405', async () => {
  const name = pngSrc.slice('/uploads/'.length)
  for (const path of [
    '/uploads/../package.json',
    '/uploads/%2e%2e%2fpackage.json',
    '/uploads/..%2fpackage.json',
    '/uploads/%2e%2e/package.json',
    '/uploads/..%5cpackage.json',
    '/uploads/',
    '/uploads',
    '/uploads/0123456789abcdef0123456789abcdef.png',
    `/uploads/${name.toUpperCase()}`,
    `/uploads/${name.replace('.png', '-w40.png')}`,
    `/uploads/${name}/`,
    `/uploads/x/${name}`,
    `${pngSrc}?w=41`,
    `${pngSrc}?w=040`,
    `${pngSrc}?w=`,
    `${pngSrc}?w=40x`,
    `${pngSrc}?w=1e3`,
    `${webpSrc}?w=40`,
  ]) {
    const response = await raw(path)
    expect(response.status, path).toBe(404)
    expect(response.headers['content-type'], path).toMatch(/^text\/plain/)
    expect(response.headers['x-content-type-options'], path).toBe('nosniff')
    expect(response.body, path).toBe('Not Found')
  }
  expect((await raw(pngSrc, 'POST')).status).toBe(405)
  expect((await raw(pngSrc, 'DELETE')).status).toBe(405)
})

test('paths outside /uploads are left to the rest of the app', async () => {
  expect((await raw('/uploadsx/a.png')).status).toBe(418)
  expect((await raw('/package.json')).status).toBe(418)
})

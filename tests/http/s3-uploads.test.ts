import { existsSync } from 'node:fs'
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { png } from '#tests/fixtures/images.ts'
import { freshDataDir, type RunningServer, startServer } from '#tests/setup/server-process.ts'
import { type S3Server, startS3 } from '#tests/sites/s3-server.ts'
import { createClient } from './client.ts'
import { signUp } from './content-helpers.ts'

/**
 * Uploads in an object store (S3_*, ADR 035) as the built server runs them: what is uploaded
 * through one process lands in the bucket and is served by another on the same bucket, through
 * our origin with the same headers and cache as from the local directory; a resized copy is made
 * on first ask and stored back in the bucket.
 */

// The storage does not depend on the database: the PostgreSQL run has nothing more to test here.
const databaseUrl = inject('databaseUrl')

let s3: S3Server
let servers: RunningServer[] = []
/** The directory a server on the local directory would make at start: with S3_BUCKET set it is not made. */
const UNUSED_UPLOAD_DIR = `${freshDataDir()}/not-made`

beforeAll(async () => {
  if (databaseUrl !== '') return
  s3 = await startS3()
  // Two processes, each on its own embedded database, sharing the bucket (the shared part here).
  servers = await Promise.all([0, 1].map(() => startServer({ PGLITE_DIR: freshDataDir(), SECRET_FILE: `${freshDataDir()}/app-secret`, UPLOAD_DIR: UNUSED_UPLOAD_DIR, RATE_LIMIT_FACTOR: '100', ...s3.env })))
}, 180_000)
afterAll(async () => {
  const codes = await Promise.all(servers.map((server) => server.stop()))
  await s3?.stop()
  expect(codes.every((code) => code === 0)).toBe(true)
})

test.runIf(databaseUrl === '')('an upload through one process is kept in the bucket and served by another, inert and cached for ever; its resized copy is stored back', async () => {
  const [first, second] = servers as [RunningServer, RunningServer]
  const { client } = await signUp(first.url, '对象存储')
  const body = new FormData()
  body.set('module', 'website')
  body.set('file', new File([new Uint8Array(await png(600, 300))], 'icon.png', { type: 'image/png' }))
  const uploaded = await client.request('/api/upload/index', { method: 'POST', body, headers: client.sameOrigin })
  const answer = (await uploaded.json()) as { code: number; src: string }
  expect(answer).toMatchObject({ code: 1, src: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/) })
  const name = answer.src.slice('/uploads/'.length)

  const bucket = s3.client()
  const keys = async () => ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((object) => object.Key).sort()
  expect(await keys()).toEqual([name])
  const inBucket = Buffer.from(await (await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }))).Body!.transformToByteArray())

  // Any process serves it (a guest of the other one here), exactly as from the directory.
  const guest = createClient(second.url)
  const served = await guest.request(answer.src)
  expect(served.status).toBe(200)
  expect(Object.fromEntries(['Content-Type', 'Cache-Control', 'X-Content-Type-Options', 'Content-Security-Policy', 'Cross-Origin-Resource-Policy'].map((h) => [h, served.headers.get(h)]))).toEqual({
    'Content-Type': 'image/png',
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cross-Origin-Resource-Policy': 'same-origin',
  })
  expect(Buffer.from(await served.arrayBuffer()).equals(inBucket)).toBe(true)

  // A resized copy, made by the second process on first ask and kept in the bucket for both.
  const small = await guest.request(`${answer.src}?w=40`)
  expect(small.status).toBe(200)
  expect(small.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  const smallBytes = Buffer.from(await small.arrayBuffer())
  expect((await sharp(smallBytes).metadata()).width).toBeLessThanOrEqual(40)
  const variant = name.replace('.png', '-w40.png')
  expect(await keys()).toEqual([variant, name])
  const again = await client.request(`${answer.src}?w=40`)
  expect(Buffer.from(await again.arrayBuffer()).equals(smallBytes)).toBe(true)

  // Names not of ours are 404 as before; the local directory was never made.
  for (const path of ['/uploads/../package.json', `/uploads/${'0'.repeat(32)}.png`, `/uploads/${variant}`]) {
    expect((await guest.request(path)).status, path).toBe(404)
  }
  expect(existsSync(UNUSED_UPLOAD_DIR)).toBe(false)
  bucket.destroy()
})

test.runIf(databaseUrl === '')('half an object-store configuration stops the boot with the missing setting named', async () => {
  const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = s3.env
  const refused = await startServer({ PGLITE_DIR: freshDataDir(), SECRET_FILE: `${freshDataDir()}/app-secret`, ...withoutSecret }).then(
    async (server) => {
      await server.stop()
      return 'started'
    },
    (error: Error) => error.message,
  )
  expect(refused).toMatch(/server exited with 1/)
  expect(refused).toContain('起页 cannot start: Invalid environment')
  expect(refused).toContain('S3_SECRET_ACCESS_KEY is needed with S3_BUCKET')
})

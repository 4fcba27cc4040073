import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { appContext, userContext } from '#app/context.ts'
import { uploads, type User } from '#app/db/schema/index.ts'
import { action as upload, loader as uploadGet } from '#app/routes/api/upload.ts'
import { action as uploadIndex } from '#app/routes/api/upload.index.ts'
import { env } from '#app/utils/env.server.ts'
import { createUser } from '#tests/db-utils.ts'
import { useTestDb } from '#tests/setup/test-db.ts'
import { FORMAT_MSG } from './image.server.ts'
import { SVG_WITH_SCRIPT, jpegOfSize, png } from '#tests/fixtures/images.ts'
import { isUploadPath } from './upload-path.ts'

// The routes use the app's storage (UPLOAD_DIR) and limits; env() is read lazily, after this.
const dir = join(tmpdir(), `qiye-upload-api-${process.pid}-${Date.now()}`)
process.env.UPLOAD_DIR = dir
process.env.RATE_LIMIT_FACTOR = '0.05' // 60 uploads an hour → 3

const db = useTestDb()
let user: User
beforeAll(() => {
  expect(env().UPLOAD_DIR).toBe(dir)
})
beforeEach(async () => {
  user = (await createUser(db())).user
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const files = () => readdir(dir).catch(() => [])

function form(fields: Record<string, string>, file?: Buffer, filename = 'icon.png') {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.set(k, v)
  if (file) body.set('file', new File([new Uint8Array(file)], filename, { type: 'image/png' }))
  return body
}

async function call(api: typeof upload, body: FormData, as: User | null = user, path = '/api/upload') {
  const context = new RouterContextProvider()
  context.set(appContext, { db: db(), nonce: '', clientIp: '127.0.0.1' })
  context.set(userContext, as)
  // Serialised first, as a browser sends it (undici's own FormData stream misbehaves when cancelled).
  const encoded = new Response(body)
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'Content-Type': encoded.headers.get('Content-Type')! },
  })
  const response = await api({ request, context })
  return { status: response.status, body: await response.json() }
}

test('guests get HTTP 403 and the usual envelope; nothing is stored', async () => {
  expect(await call(upload, form({ module: 'notepad' }, await png(8, 8)), null)).toEqual({
    status: 403,
    body: { code: -1, msg: '请先登录', data: null },
  })
  expect(await files()).toEqual([])
})

test('module=notepad answers {code, src, msg}; module=website also the key', async () => {
  const notepad = await call(upload, form({ module: 'notepad' }, await png(3000, 100)))
  expect(notepad).toEqual({ status: 200, body: { code: 1, src: expect.any(String), msg: '上传成功' } })
  expect(isUploadPath(notepad.body.src)).toBe(true)
  expect(await sharp(await readFile(join(dir, notepad.body.src.slice(9)))).metadata()).toMatchObject({ width: 2000 })

  const website = await call(upload, form({ module: 'website' }, await png(300, 300)))
  expect(website.body).toEqual({ code: 1, src: expect.any(String), key: website.body.src, msg: '上传成功' })
  expect(await sharp(await readFile(join(dir, website.body.src.slice(9)))).metadata()).toMatchObject({ width: 256 })
})

test('/api/upload/index takes website icons (type=homepage for a homepage icon), not notepad images', async () => {
  const homepage = await call(uploadIndex, form({ module: 'website', type: 'homepage' }, await png(20, 20)), user, '/api/upload/index')
  expect(homepage.body).toEqual({ code: 1, src: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/), key: homepage.body.src, msg: '上传成功' })
  expect(await call(uploadIndex, form({ module: 'notepad' }, await png(20, 20)), user, '/api/upload/index')).toEqual({
    status: 200,
    body: { code: 0, msg: '上传类型不正确' },
  })
})

test('refusals are HTTP 200 {code: 0, msg} and store nothing', async () => {
  const before = await files()
  const refused = async (api: typeof upload, body: FormData) => (await call(api, body)).body
  expect(await refused(upload, form({ module: 'website' }, SVG_WITH_SCRIPT, 'icon.png'))).toEqual({ code: 0, msg: FORMAT_MSG })
  expect(await refused(upload, form({ module: 'website' }, await jpegOfSize(501 * 1024)))).toEqual({ code: 0, msg: '文件大小不能超过500KB' })
  user = (await createUser(db())).user // a fresh rate-limit budget
  // Larger than the whole /api/upload/index body may be: stopped while reading.
  expect(await refused(uploadIndex, form({ module: 'website' }, await jpegOfSize(700 * 1024)))).toEqual({ code: 0, msg: '文件大小不能超过500KB' })
  expect(await refused(upload, form({ module: 'notepad' }, await jpegOfSize(3 * 1024 * 1024 + 1)))).toEqual({ code: 0, msg: '上传图片不能超过3M' })
  expect(await refused(upload, form({ module: 'notepad' }))).toEqual({ code: 0, msg: '请选择要上传的图片' })
  user = (await createUser(db())).user
  expect(await refused(upload, form({ module: 'avatar' }, await png(8, 8)))).toEqual({ code: 0, msg: '上传类型不正确' })
  expect(await files()).toEqual(before)
})

test('uploads are rate limited per user', async () => {
  const image = await png(8, 8)
  for (let i = 0; i < 3; i++) expect((await call(upload, form({ module: 'notepad' }, image))).body.code).toBe(1)
  expect((await call(upload, form({ module: 'notepad' }, image))).body).toEqual({ code: 0, msg: '上传过于频繁，请稍后再试' })
  const other = (await createUser(db())).user
  expect((await call(upload, form({ module: 'notepad' }, image), other)).body.code).toBe(1)
})

test('GET is refused', async () => {
  expect(uploadGet().status).toBe(405)
})

test('an upload is recorded for the clean-up: name, kind, size and uploader', async () => {
  const { body } = await call(upload, form({ module: 'website' }, await png(30, 30)))
  const name = body.src.slice('/uploads/'.length)
  const [row] = await db().select().from(uploads).where(eq(uploads.name, name))
  expect(row).toMatchObject({ name, kind: 'icon', userId: user.id })
  expect(row!.bytes).toBe((await readFile(join(dir, name))).length)
})

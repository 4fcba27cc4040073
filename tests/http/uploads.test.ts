import sharp from 'sharp'
import { expect, inject, test } from 'vitest'
import { HTML_TAIL, jpegOfSize, pixelFloodPng, png, polyglotJpeg, SVG_WITH_SCRIPT } from '#tests/fixtures/images.ts'
import { createClient } from './client.ts'
import { signUp } from './content-helpers.ts'

/**
 * Uploads against the built server (SECURITY.md §4 C): what is refused, and how what is kept is
 * served when opened directly. The pipeline's own cases are in app/uploads/*.test.ts.
 */

const baseUrl = inject('baseUrl')
type Client = ReturnType<typeof createClient>

async function upload(client: Client, bytes: Buffer, name: string, path = '/api/upload/index', module = 'website') {
  const body = new FormData()
  body.set('module', module)
  body.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }))
  const response = await client.request(path, { method: 'POST', body, headers: client.sameOrigin })
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; src?: string; key?: string } }
}

/** Opened directly: our headers, so the browser never renders it as a page. */
async function openDirectly(client: Client, src: string) {
  const response = await client.request(src)
  expect(response.status).toBe(200)
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  expect(response.headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'")
  expect(response.headers.get('Content-Type')).toMatch(/^image\/(png|jpeg|webp|gif)$/)
  return Buffer.from(await response.arrayBuffer())
}

test('an icon is re-encoded, named by its content and served inert', async () => {
  const { client } = await signUp(baseUrl, '上传用户')
  const { status, body } = await upload(client, await png(600, 300), '../../evil.php.png')
  expect(status).toBe(200)
  expect(body).toEqual({ code: 1, src: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/), key: body.src, msg: '上传成功' })
  const stored = await openDirectly(client, body.src!)
  expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 256, height: 128 })
  // The resize suffix of spec §9 (png and jpg only).
  const small = await client.request(`${body.src}?w=40`)
  expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(40)
  // The notepad flavour answers code, src, msg.
  const note = await upload(client, await png(20, 20), 'n.png', '/api/upload', 'notepad')
  expect(note.body).toEqual({ code: 1, src: expect.stringMatching(/^\/uploads\//), msg: '上传成功' })
})

test('an SVG with a script, a 20000×20000 PNG and a 501 KB file are refused; nothing is stored', async () => {
  const { client } = await signUp(baseUrl, '上传用户')
  expect((await upload(client, SVG_WITH_SCRIPT, 'x.svg')).body).toMatchObject({ code: 0, msg: '只能上传 JPG、PNG、WebP、GIF 或 ICO 格式的图片' })
  expect((await upload(client, pixelFloodPng(), 'flood.png')).body).toMatchObject({ code: 0, msg: '图片尺寸过大' })
  expect((await upload(client, await jpegOfSize(501 * 1024), 'big.jpg')).body).toMatchObject({ code: 0, msg: '文件大小不能超过500KB' })
})

test('a JPEG with HTML appended keeps the picture and loses the HTML', async () => {
  const { client } = await signUp(baseUrl, '上传用户')
  const { body } = await upload(client, await polyglotJpeg(), 'polyglot.jpg')
  expect(body).toMatchObject({ code: 1, src: expect.stringMatching(/\.jpg$/) })
  const stored = await openDirectly(client, body.src!)
  expect(stored.includes(Buffer.from('<script'))).toBe(false)
  expect(stored.includes(Buffer.from(HTML_TAIL))).toBe(false)
  expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
})

test('guests may not upload; /uploads serves only our own names', async () => {
  const guest = createClient(baseUrl)
  const { status, body } = await upload(guest, await png(8, 8), 'x.png')
  expect(status).toBe(403)
  expect(body).toMatchObject({ code: -1, msg: '请先登录' })
  for (const path of ['/uploads/../package.json', '/uploads/%2e%2e%2fpackage.json', `/uploads/${'0'.repeat(32)}.png`, '/uploads/x.svg']) {
    const response = await guest.request(path)
    expect(response.status, path).toBe(404)
    expect(await response.text()).not.toContain('"name": "qiye"')
  }
})

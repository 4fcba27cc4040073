import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DomainError } from '#app/utils/errors.ts'
import { FORMAT_MSG, PIXELS_MSG, processImage, storeImage, type ImageKind } from './image.server.ts'
import { diskStorage, type UploadStorage } from './storage.server.ts'
import {
  BLUE,
  GREEN,
  HEIC,
  HTML_PAGE,
  PDF,
  PSD,
  RED,
  SVG_WITH_SCRIPT,
  animatedGif,
  firstPixel,
  ico,
  jpeg,
  jpegOfSize,
  pixelFloodPng,
  png,
  polyglotJpeg,
  tiff,
  webp,
  withGps,
} from '#tests/fixtures/images.ts'
import { isUploadPath } from './upload-path.ts'

let dir: string
let storage: UploadStorage
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qiye-uploads-'))
  storage = diskStorage(dir)
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const store = (bytes: Buffer, kind: ImageKind = 'icon') => storeImage(bytes, kind, { storage })
const stored = async (src: string) => readFile(join(dir, src.replace('/uploads/', '')))
/** The message a refused upload gives, after checking that nothing was written. */
async function refusal(bytes: Buffer, kind: ImageKind = 'icon') {
  const error = await store(bytes, kind).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  expect(await readdir(dir)).toEqual([])
  return (error as DomainError).message
}

test('JPEG stays JPEG, WebP stays WebP, PNG and GIF become PNG; names are content hashes', async () => {
  for (const [input, ext, format] of [
    [await jpeg(20, 10), 'jpg', 'jpeg'],
    [await png(20, 10), 'png', 'png'],
    [await webp(20, 10), 'webp', 'webp'],
    [await animatedGif(2), 'png', 'png'],
  ] as const) {
    const { src, key } = await store(input)
    expect(src).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${ext}$`))
    expect(key).toBe(src)
    expect(isUploadPath(src)).toBe(true)
    expect((await sharp(await stored(src)).metadata()).format).toBe(format)
  }
})

test('icons shrink to fit 256 px, notepad images to 2000 px; small images are not enlarged', async () => {
  expect(await processImage(await png(600, 300), { maxBytes: 1e6, maxSide: 256 })).toMatchObject({ width: 256, height: 128, ext: 'png', contentType: 'image/png' })
  const { src } = await store(await png(300, 900), 'homepage-icon')
  expect(await sharp(await stored(src)).metadata()).toMatchObject({ width: 85, height: 256 })
  const big = await store(await jpeg(3000, 1500), 'notepad')
  expect(await sharp(await stored(big.src)).metadata()).toMatchObject({ width: 2000, height: 1000 })
  expect(await processImage(await png(30, 20), { maxBytes: 1e6, maxSide: 256 })).toMatchObject({ width: 30, height: 20 })
})

test('the same image twice is stored once under the same name', async () => {
  const image = await png(40, 40)
  const first = await store(image)
  expect(await store(image)).toEqual(first)
  expect(await readdir(dir)).toEqual([first.src.slice('/uploads/'.length)])
})

test('SVG with a script, HTML, TIFF, PDF, PSD and HEIC are refused by their bytes, whatever they are called', async () => {
  for (const bytes of [SVG_WITH_SCRIPT, HTML_PAGE, await tiff(), PDF, PSD, HEIC, Buffer.alloc(0), Buffer.from('not an image')]) {
    expect(await refusal(bytes)).toBe(FORMAT_MSG)
  }
})

test('a bare PNG signature with garbage after it is refused', async () => {
  const bytes = Buffer.concat([(await png(8, 8)).subarray(0, 16), Buffer.from('garbage garbage garbage')])
  expect(await refusal(bytes)).toBe(FORMAT_MSG)
})

test('a JPEG with an HTML page appended is re-encoded: the stored file is a plain JPEG without the page', async () => {
  const input = await polyglotJpeg()
  expect(input.includes('<script')).toBe(true)
  const bytes = await stored((await store(input)).src)
  expect(bytes.includes('<script')).toBe(false)
  expect(bytes.includes('<html')).toBe(false)
  expect(await fileTypeFromBuffer(bytes)).toEqual({ ext: 'jpg', mime: 'image/jpeg' })
  expect((await sharp(bytes).metadata()).format).toBe('jpeg')
  // Ends at the JPEG end marker.
  expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]))
})

test('a 20000×20000 PNG is refused from its header, without decoding 400 M pixels', async () => {
  const flood = pixelFloodPng()
  expect(flood.length).toBeLessThan(500 * 1024) // so the size check is not what refuses it
  expect((await sharp(flood, { limitInputPixels: false }).metadata()).width).toBe(20_000)
  const started = Date.now()
  const before = process.memoryUsage().rss
  expect(await refusal(flood)).toBe(PIXELS_MSG)
  expect(await refusal(flood, 'notepad')).toBe(PIXELS_MSG)
  expect(Date.now() - started).toBeLessThan(2_000)
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
})

test('size is checked first: 501 KB icon and 3 MB + 1 byte notepad image are refused; the limits themselves pass', async () => {
  expect(await refusal(await jpegOfSize(501 * 1024))).toBe('文件大小不能超过500KB')
  expect(await refusal(await jpegOfSize(501 * 1024), 'homepage-icon')).toBe('文件大小不能超过500KB')
  expect(await refusal(await jpegOfSize(3 * 1024 * 1024 + 1), 'notepad')).toBe('上传图片不能超过3M')
  expect((await store(await jpegOfSize(500 * 1024))).src).toMatch(/\.jpg$/)
  expect((await store(await jpegOfSize(3 * 1024 * 1024), 'notepad')).src).toMatch(/\.jpg$/)
})

test('EXIF with a GPS position is stripped from PNG and JPEG', async () => {
  for (const format of ['png', 'jpeg'] as const) {
    const input = await withGps(format)
    expect((await sharp(input).metadata()).exif?.includes('EvilCam')).toBe(true)
    const bytes = await stored((await store(input)).src)
    const meta = await sharp(bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(bytes.includes('EvilCam')).toBe(false)
    expect(bytes.includes('Exif')).toBe(false)
  }
})

test('an ICO with PNG and BMP entries: the largest entry up to 256 px is stored as PNG', async () => {
  const bmpLargest = await ico([
    { kind: 'png', side: 16, colour: RED },
    { kind: 'bmp', side: 32, colour: GREEN },
  ])
  expect(await fileTypeFromBuffer(bmpLargest)).toMatchObject({ ext: 'ico' })
  const a = await stored((await store(bmpLargest)).src)
  expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 })
  expect(await firstPixel(a)).toEqual(GREEN)

  const pngLargest = await ico([
    { kind: 'bmp', side: 16, colour: GREEN },
    { kind: 'png', side: 48, colour: BLUE },
  ])
  const b = await stored((await store(pngLargest)).src)
  expect(await sharp(b).metadata()).toMatchObject({ format: 'png', width: 48, height: 48 })
  expect(await firstPixel(b)).toEqual(BLUE)
})

test('an ICO whose only entry is larger than 256 px, or whose entries point nowhere, is refused', async () => {
  expect(await refusal(await ico([{ kind: 'png', side: 300, colour: RED }]))).toBe(PIXELS_MSG)
  const broken = await ico([{ kind: 'bmp', side: 16, colour: RED }])
  broken.writeUInt32LE(1_000_000, 6 + 12) // offset past the end
  expect(await refusal(broken)).toBe(FORMAT_MSG)
})

test('an animated GIF keeps only its first frame', async () => {
  const gif = await animatedGif(40)
  expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(40)
  const bytes = await stored((await store(gif)).src)
  const meta = await sharp(bytes, { pages: -1 }).metadata()
  expect(meta).toMatchObject({ format: 'png', width: 8, height: 8 })
  expect(meta.pages ?? 1).toBe(1)
  expect(await firstPixel(bytes)).toEqual(RED)
})

test('sharp itself loads only JPEG, PNG, WebP and GIF in this process, should sniffing ever be fooled', async () => {
  await expect(sharp(await tiff()).metadata()).rejects.toThrow(/unsupported image format/)
  await expect(sharp(SVG_WITH_SCRIPT).metadata()).rejects.toThrow(/unsupported image format/)
  for (const bytes of [await jpeg(4, 4), await png(4, 4), await webp(4, 4), await animatedGif(2)]) {
    expect((await sharp(bytes).metadata()).width).toBeGreaterThan(0)
  }
})

test('an avatar is the centre square of the picture, at most 256 px a side, never enlarged', async () => {
  expect(await refusal(Buffer.alloc(501 * 1024, 1), 'avatar')).toBe('头像图片不能超过500KB')
  for (const [input, side] of [
    [await jpeg(600, 300), 256],
    [await png(40, 90), 40],
  ] as const) {
    const { src } = await store(input, 'avatar')
    const meta = await sharp(await stored(src)).metadata()
    expect([meta.width, meta.height]).toEqual([side, side])
  }
})

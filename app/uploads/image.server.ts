import { createHash } from 'node:crypto'
import decodeIco from 'decode-ico'
import { fileTypeFromBuffer } from 'file-type'
import type { Sharp } from 'sharp'
import type { Db } from '#app/db/client.server.ts'
import { recordUpload } from './records.server.ts'
import { DomainError } from '#app/utils/errors.ts'
import { uploadStorage, type UploadStorage } from './storage.server.ts'
import { UPLOAD_PREFIX } from './upload-path.ts'

export const FORMAT_MSG = '只能上传 JPG、PNG、WebP、GIF 或 ICO 格式的图片'
export const PIXELS_MSG = '图片尺寸过大'
export const SKIN_FORMAT_MSG = '只能上传 JPG、PNG 或 WebP 格式的图片'

/** Above this many pixels an image is refused from its header, before any pixel is decoded. */
export const MAX_INPUT_PIXELS = 4096 * 4096

type SharpFactory = typeof import('sharp').default
let loading: Promise<SharpFactory> | undefined

/**
 * sharp and libvips (~9 MB resident) are loaded on the first image, not at start (ADR 012: idle
 * memory). libvips can load far more than we accept (SVG via librsvg, PDF, TIFF, HEIF, magick…),
 * some with known file-system bugs (sharp #3739): before anything uses it, every loader is blocked
 * for the whole process and only the four in-memory loaders we use allowed again. ICO is parsed
 * in JS and reaches sharp as raw pixels or PNG.
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.block({ operation: ['VipsForeignLoad'] })
    sharp.unblock({
      operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer', 'VipsForeignLoadNsgifBuffer'],
    })
    return sharp
  })
  return loading
}

export type ImageKind = 'icon' | 'homepage-icon' | 'notepad' | 'avatar' | 'skin'
const KB = 1024
/** A note's image (spec §5: notepad images 3 MB; pasted ones 上传图片不能超过3M). */
export const NOTE_IMAGE_MAX_BYTES = 3 * KB * KB
export const NOTE_IMAGE_TOO_LARGE = '上传图片不能超过3M'
/** Spec §5 limits; icons are shown at 40 and 96 px, so 256 px is plenty. */
type ImageLimits = { maxBytes: number; maxSide: number; sizeMessage?: string; square?: boolean; formats?: readonly string[]; formatMessage?: string }
export const IMAGE_LIMITS: Record<ImageKind, ImageLimits & { sizeMessage: string }> = {
  icon: { maxBytes: 500 * KB, maxSide: 256, sizeMessage: '文件大小不能超过500KB' },
  'homepage-icon': { maxBytes: 500 * KB, maxSide: 256, sizeMessage: '文件大小不能超过500KB' },
  notepad: { maxBytes: NOTE_IMAGE_MAX_BYTES, maxSide: 2000, sizeMessage: NOTE_IMAGE_TOO_LARGE },
  /** A user's picture: the centre square of the upload, at most 256 px a side. */
  avatar: { maxBytes: 500 * KB, maxSide: 256, sizeMessage: '头像图片不能超过500KB', square: true },
  /** Spec §5 custom skin: jpeg, jpg, png or webp, 3 MB (the message says 3M); kept at most 2880 px (§9). */
  skin: { maxBytes: 3 * KB * KB, maxSide: 2880, sizeMessage: '上传图片不能超过3M', formats: ['jpg', 'png', 'webp'], formatMessage: SKIN_FORMAT_MSG },
}

type OutExt = 'jpg' | 'png' | 'webp'
export type ProcessedImage = { bytes: Buffer; ext: OutExt; contentType: string; width: number; height: number }

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
}

/** Sniffed type → what we store: photos stay JPEG, WebP stays WebP, the rest becomes PNG. */
const OUTPUT: Record<string, OutExt> = { jpg: 'jpg', png: 'png', apng: 'png', gif: 'png', webp: 'webp', ico: 'png' }
/** What sharp must report for each sniffed type, so the two detectors agree. */
const SHARP_FORMAT: Record<string, string> = { jpg: 'jpeg', png: 'png', apng: 'png', gif: 'gif', webp: 'webp' }

// Only the first frame of animations (pages: 1); orientation applied before metadata goes.
const INPUT_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1, autoOrient: true } as const

function encode(image: Sharp, ext: OutExt) {
  if (ext === 'jpg') return image.jpeg({ quality: 85, mozjpeg: true })
  if (ext === 'webp') return image.webp({ quality: 85 })
  return image.png()
}

/** A sharp failure as the user sees it: too many pixels, or not an image we can read. */
function decodeFailure(error: unknown, formatMessage = FORMAT_MSG): DomainError {
  if (error instanceof DomainError) return error
  return new DomainError(error instanceof Error && /pixel limit/i.test(error.message) ? PIXELS_MSG : formatMessage)
}

/**
 * Checks an uploaded image and re-encodes it: size first, then magic bytes (only JPEG, PNG, WebP,
 * GIF, ICO; "no match", e.g. SVG or HTML, is a refusal), then a header-only pixel check, then
 * decode, shrink to `maxSide` and encode afresh. Nothing of the input survives but its pixels:
 * no metadata (EXIF, GPS), no trailing bytes, no further frames.
 */
export async function processImage(
  bytes: Buffer,
  {
    maxBytes,
    maxSide,
    sizeMessage = `文件大小不能超过${Math.floor(maxBytes / KB)}KB`,
    square = false,
    formats,
    formatMessage = FORMAT_MSG,
  }: ImageLimits,
): Promise<ProcessedImage> {
  if (bytes.length > maxBytes) throw new DomainError(sizeMessage)
  const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined
  const ext = type && OUTPUT[type.ext]
  if (!type || !ext || (formats && !formats.includes(type.ext))) throw new DomainError(formatMessage)
  const sharp = await loadSharp()
  try {
    const image = type.ext === 'ico' ? icoImage(sharp, bytes) : sharp(bytes, INPUT_OPTIONS)
    const meta = await image.metadata()
    if (type.ext !== 'ico' && meta.format !== SHARP_FORMAT[type.ext]) throw new DomainError(formatMessage)
    // A square keeps the centre: the shorter side, at most maxSide, cropped from the longer one.
    const side = Math.min(maxSide, meta.width ?? maxSide, meta.height ?? maxSide)
    const resized = square
      ? image.resize({ width: side, height: side, fit: 'cover', position: 'centre' })
      : image.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    const { data, info } = await encode(resized, ext).toBuffer({ resolveWithObject: true })
    return { bytes: data, ext, contentType: CONTENT_TYPES[ext]!, width: info.width, height: info.height }
  } catch (error) {
    throw decodeFailure(error, formatMessage)
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const MAX_ICO_ENTRIES = 64
const MAX_ICO_SIDE = 256

/**
 * An ICO's largest picture of at most 256×256, as a sharp input. The directory is read here and
 * only the chosen entry is decoded: decode-ico alone would decode every entry, and entries may
 * all point at the same large bitmap.
 */
function icoImage(sharp: SharpFactory, bytes: Buffer): Sharp {
  const count = bytes.length >= 6 && bytes.readUInt16LE(2) === 1 ? bytes.readUInt16LE(4) : 0
  if (count === 0 || count > MAX_ICO_ENTRIES || bytes.length < 6 + 16 * count) {
    throw new DomainError(FORMAT_MSG)
  }
  type Entry = { dir: Buffer; data: Buffer; png: boolean; pixels: number; bpp: number }
  let best: Entry | undefined
  let oversized = false
  for (let i = 0; i < count; i++) {
    const dir = bytes.subarray(6 + 16 * i, 6 + 16 * (i + 1))
    const size = dir.readUInt32LE(8)
    const offset = dir.readUInt32LE(12)
    if (offset < 6 + 16 * count || offset + size > bytes.length) continue
    const data = bytes.subarray(offset, offset + size)
    const png = data.length >= 24 && data.subarray(0, 8).equals(PNG_SIGNATURE)
    if (!png && data.length < 40) continue
    // The same sizes decode-bmp reads (BITMAPINFOHEADER; height counts the AND mask twice).
    const width = png ? data.readUInt32BE(16) : (data.readUInt32LE(4) | 0) || dir[0]!
    const height = png ? data.readUInt32BE(20) : ((data.readUInt32LE(8) / 2) | 0) || dir[1]!
    if (width < 1 || height < 1) continue
    if (width > MAX_ICO_SIDE || height > MAX_ICO_SIDE) {
      oversized = true
      continue
    }
    const entry = { dir, data, png, pixels: width * height, bpp: dir.readUInt16LE(6) }
    if (!best || entry.pixels > best.pixels || (entry.pixels === best.pixels && entry.bpp > best.bpp)) best = entry
  }
  if (!best) throw new DomainError(oversized ? PIXELS_MSG : FORMAT_MSG)
  if (best.png) return sharp(best.data, INPUT_OPTIONS)
  // A one-entry ICO around the chosen bitmap, so decode-ico decodes just that one.
  const header = Buffer.from([0, 0, 1, 0, 1, 0])
  const dir = Buffer.from(best.dir)
  dir.writeUInt32LE(22, 12)
  const [decoded] = decodeIco(Buffer.concat([header, dir, best.data]))
  if (!decoded || decoded.type !== 'bmp') throw new DomainError(FORMAT_MSG)
  const rgba = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength)
  return sharp(rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS })
}

/** `<first 32 hex of sha256>.<ext>`: the same picture always gets the same name. */
function contentName(image: ProcessedImage) {
  return `${createHash('sha256').update(image.bytes).digest('hex').slice(0, 32)}.${image.ext}`
}

/**
 * Checks, re-encodes and stores an upload; `src` is its same-origin path and `key` the value
 * icons and notes keep (the same path). Nothing is written when the image is refused.
 *
 * With `db` the upload is recorded (table uploads, by `userId`) before its file is written: the
 * clean-up then sees it as fresh, and an upload of bytes being cleaned up waits for the delete
 * (app/uploads/records.server.ts). Without `db`, the next clean-up records the file it finds.
 */
export async function storeImage(
  bytes: Buffer,
  kind: ImageKind,
  { db, userId = null, storage = uploadStorage() }: { db?: Db; userId?: number | null; storage?: UploadStorage } = {},
): Promise<{ src: string; key: string }> {
  const image = await processImage(bytes, IMAGE_LIMITS[kind])
  const name = contentName(image)
  if (db) await recordUpload(db, { name, kind, bytes: image.bytes.length, userId })
  await storage.put(name, image.bytes)
  const src = `${UPLOAD_PREFIX}${name}`
  return { src, key: src }
}

/** Spec §9: a custom skin's thumbnail is 503×198, the centre of the picture. */
export const SKIN_THUMB = { width: 503, height: 198 } as const

/**
 * A custom skin (spec §5): checked and re-encoded as any upload (at most 2880 px a side), plus its
 * 503×198 thumbnail, both stored and recorded. Nothing is written when the image is refused.
 */
export async function storeSkinImage(bytes: Buffer, { db, userId, storage = uploadStorage() }: { db: Db; userId: number; storage?: UploadStorage }) {
  const image = await processImage(bytes, IMAGE_LIMITS.skin)
  const sharp = await loadSharp()
  const thumbBytes = await sharp(image.bytes, INPUT_OPTIONS).resize({ ...SKIN_THUMB, fit: 'cover', position: 'centre' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer()
  const thumb: ProcessedImage = { bytes: thumbBytes, ext: 'jpg', contentType: CONTENT_TYPES.jpg!, ...SKIN_THUMB }
  const stored = []
  for (const file of [image, thumb]) {
    const name = contentName(file)
    await recordUpload(db, { name, kind: 'skin', bytes: file.bytes.length, userId })
    await storage.put(name, file.bytes)
    stored.push(`${UPLOAD_PREFIX}${name}`)
  }
  return { src: stored[0]!, thumb: stored[1]! }
}

/** A smaller copy of a stored (already re-encoded) JPEG or PNG, fitting in width × width. */
export async function resizeStored(bytes: Buffer, ext: 'jpg' | 'png', width: number): Promise<Buffer> {
  const sharp = await loadSharp()
  const image = sharp(bytes, INPUT_OPTIONS).resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
  return encode(image, ext).toBuffer()
}

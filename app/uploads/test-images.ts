import { deflateSync, crc32 } from 'node:zlib'
import sharp from 'sharp'

/** Hostile and ordinary images for the upload tests, made in memory (no committed binaries). */

type Colour = { r: number; g: number; b: number }
export const RED = { r: 255, g: 0, b: 0 }
export const GREEN = { r: 0, g: 255, b: 0 }
export const BLUE = { r: 0, g: 0, b: 255 }

const solid = (width: number, height: number, background: Colour) =>
  sharp({ create: { width, height, channels: 3, background } })

export const png = (width: number, height: number, colour: Colour = RED) => solid(width, height, colour).png().toBuffer()
export const jpeg = (width: number, height: number, colour: Colour = RED) => solid(width, height, colour).jpeg().toBuffer()
export const webp = (width: number, height: number, colour: Colour = RED) => solid(width, height, colour).webp().toBuffer()
export const tiff = () => solid(8, 8, RED).tiff().toBuffer()

/** The same picture with EXIF: camera make "EvilCam" and a GPS position. */
export const GPS_EXIF = { IFD0: { Make: 'EvilCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 27/1' } }
export const withGps = (format: 'png' | 'jpeg') => solid(16, 16, RED).withExif(GPS_EXIF).toFormat(format).toBuffer()

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><script>alert(document.cookie)</script><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>',
)
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n')
/** Photoshop and HEIC headers: file-type knows them, we do not take them. */
export const PSD = Buffer.concat([Buffer.from('8BPS'), Buffer.from([0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 8, 0, 0, 0, 8, 0, 8, 0, 3]), Buffer.alloc(64)])
export const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(64)])

export const HTML_TAIL = '<html><script>alert(1)</script></html>'
/** A valid JPEG with an HTML page after its end marker (a polyglot). */
export const polyglotJpeg = async () => Buffer.concat([await jpeg(32, 32), Buffer.from(HTML_TAIL)])

/** A real image padded with trailing bytes to exactly `size` bytes (decoders ignore the tail). */
export const jpegOfSize = async (size: number) => {
  const image = await jpeg(16, 16)
  return Buffer.concat([image, Buffer.alloc(size - image.length)])
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A complete, valid 1-bit 20000×20000 PNG (400 M pixels) of about 50 KB: a pixel flood. */
export function pixelFloodPng(side = 20_000) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(side, 0)
  ihdr.writeUInt32BE(side, 4)
  ihdr[8] = 1 // bit depth 1, colour type 0 (grey)
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** An animated GIF whose first frame is red and whose other frames are all different blues. */
export async function animatedGif(frames: number) {
  const images = await Promise.all(
    Array.from({ length: frames }, (_, i) => png(8, 8, i === 0 ? RED : { r: 0, g: (i * 6) % 256, b: 255 - ((i * 6) % 256) })),
  )
  return sharp(images, { join: { animated: true } }).gif().toBuffer()
}

/** A 32-bit BMP as stored in an ICO: BITMAPINFOHEADER (height doubled), BGRA rows bottom-up, AND mask. */
function icoBitmap(side: number, colour: Colour) {
  const header = Buffer.alloc(40)
  header.writeUInt32LE(40, 0)
  header.writeInt32LE(side, 4)
  header.writeInt32LE(side * 2, 8)
  header.writeUInt16LE(1, 12)
  header.writeUInt16LE(32, 14)
  const pixels = Buffer.alloc(side * side * 4)
  for (let i = 0; i < side * side; i++) pixels.set([colour.b, colour.g, colour.r, 255], i * 4)
  const mask = Buffer.alloc(Math.ceil(side / 32) * 4 * side)
  return Buffer.concat([header, pixels, mask])
}

export type IcoEntry = { kind: 'png'; side: number; colour: Colour } | { kind: 'bmp'; side: number; colour: Colour }

/** A Windows icon holding the given PNG and BMP entries. */
export async function ico(entries: IcoEntry[]) {
  const datas = await Promise.all(entries.map((e) => (e.kind === 'png' ? png(e.side, e.side, e.colour) : icoBitmap(e.side, e.colour))))
  const header = Buffer.from([0, 0, 1, 0, entries.length, 0])
  let offset = 6 + 16 * entries.length
  const dirs = entries.map((e, i) => {
    const dir = Buffer.alloc(16)
    dir[0] = e.side >= 256 ? 0 : e.side
    dir[1] = e.side >= 256 ? 0 : e.side
    dir.writeUInt16LE(1, 4)
    dir.writeUInt16LE(32, 6)
    dir.writeUInt32LE(datas[i]!.length, 8)
    dir.writeUInt32LE(offset, 12)
    offset += datas[i]!.length
    return dir
  })
  return Buffer.concat([header, ...dirs, ...datas])
}

/** The colour of an image's top-left pixel. */
export async function firstPixel(image: Buffer) {
  const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true })
  return { r: data[0], g: data[1], b: data[2] }
}

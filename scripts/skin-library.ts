/**
 * Draws the built-in skin library (app/skins/library.ts) into public/assets — each picture at
 * 2880×1920 and its thumbnail — skipping files already there (their names hash the recipe) and
 * deleting pictures no recipe names any more. The files are committed (ADR 020): run this after
 * changing a recipe or drawSkin; app/skins/library.server.test.ts fails until then.
 * Usage: `node scripts/skin-library.ts [dir]`.
 */
import { access, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { drawSkin } from '#app/skins/draw.ts'
import { SKIN_LIBRARY, SKIN_THUMB_SIZE } from '#app/skins/library.ts'
import { skinFileNames } from '#app/skins/library.server.ts'

const dir = process.argv[2] ?? 'public/assets'
const exists = (path: string) => access(path).then(() => true, () => false)

async function draw(recipe: (typeof SKIN_LIBRARY)[number]) {
  const names = skinFileNames(recipe)
  if ((await exists(join(dir, names.image))) && (await exists(join(dir, names.thumb)))) return 0
  const pixels = await sharp(Buffer.from(drawSkin(recipe))).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const raw = { raw: pixels.info }
  const image = await sharp(pixels.data, raw).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer()
  const thumb = await sharp(pixels.data, raw).resize(SKIN_THUMB_SIZE.width, SKIN_THUMB_SIZE.height).jpeg({ quality: 80, mozjpeg: true }).toBuffer()
  await writeFile(join(dir, names.image), image)
  await writeFile(join(dir, names.thumb), thumb)
  return image.length + thumb.length
}

const started = performance.now()
await mkdir(dir, { recursive: true })
sharp.concurrency(1)
let bytes = 0
let drawn = 0
// Two at a time: the machines have two cores.
for (let i = 0; i < SKIN_LIBRARY.length; i += 2) {
  const sizes = await Promise.all(SKIN_LIBRARY.slice(i, i + 2).map(draw))
  for (const size of sizes) if (size) (drawn++, (bytes += size))
}
const wanted = new Set(SKIN_LIBRARY.flatMap((recipe) => Object.values(skinFileNames(recipe))))
for (const name of await readdir(dir)) if (/^skin-\d+-/.test(name) && !wanted.has(name)) await rm(join(dir, name))
console.log(`skin library: ${drawn} of ${SKIN_LIBRARY.length} drawn (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`)

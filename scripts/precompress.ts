/**
 * Part of `npm run build`, after `react-router build`: writes `<file>.br` (brotli, quality 11)
 * and `<file>.gz` (gzip, level 9) beside every compressible file of build/client, so that the
 * server sends static assets compressed once, at build time, never per request
 * (PERFORMANCE.md budget 1; served by server/static.ts).
 *
 * Skipped: files under MIN_BYTES (a compressed answer saves less than its headers cost) and any
 * variant that is not smaller than the file itself. Usage: `node scripts/precompress.ts [dir]`.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { extname, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const MIN_BYTES = 1024
const COMPRESSIBLE = new Set(['.js', '.mjs', '.cjs', '.css', '.svg', '.json', '.map', '.txt', '.html', '.htm', '.xml', '.webmanifest', '.ico'])

const brotli = promisify(brotliCompress)
const deflate = promisify(gzip)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/** Compresses one file both ways; returns the bytes written per variant (0: skipped). */
async function precompress(file: string) {
  const original = await readFile(file)
  const written = { identity: original.length, br: 0, gz: 0 }
  if (original.length < MIN_BYTES) return written
  const variants = {
    br: brotli(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gz: deflate(original, { level: constants.Z_BEST_COMPRESSION }),
  }
  for (const [extension, pending] of Object.entries(variants) as ['br' | 'gz', Promise<Buffer>][]) {
    const bytes = await pending
    if (bytes.length >= original.length) continue
    await writeFile(`${file}.${extension}`, bytes)
    written[extension] = bytes.length
  }
  return written
}

async function main() {
  const dir = process.argv[2] ?? join(import.meta.dirname, '..', 'build', 'client')
  const all = await filesUnder(dir)
  // Leftovers of an earlier run (the build normally empties the folder) are made again or dropped.
  await Promise.all(all.filter((file) => file.endsWith('.br') || file.endsWith('.gz')).map((file) => rm(file)))
  const queue = all.filter((file) => COMPRESSIBLE.has(extname(file).toLowerCase()))
  const totals = { files: 0, identity: 0, br: 0, gz: 0 }
  // zlib runs in libuv's pool: a few at a time keeps every core busy without queuing the whole tree.
  const workers = Array.from({ length: Math.max(2, availableParallelism()) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const written = await precompress(file)
      if (!written.br && !written.gz) continue
      totals.files++
      totals.identity += written.identity
      totals.br += written.br || written.identity
      totals.gz += written.gz || written.identity
    }
  })
  await Promise.all(workers)
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
  console.log(
    `precompress: ${totals.files} files in ${relative(process.cwd(), dir) || '.'}, ` +
      `${kb(totals.identity)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
  )
}

await main()

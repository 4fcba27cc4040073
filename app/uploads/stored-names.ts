import { UPLOAD_WIDTHS, isUploadName } from './upload-path.ts'

/**
 * The names a storage keeps (every UploadStorage checks them, so no other name is ever read or
 * written): an original `<hash>.<ext>` and its resized copies `<hash>-w<N>.<ext>`.
 */

/** A resized copy of a stored image: `<hash>-w<N>.<ext>`. */
export function variantName(name: string, width: number) {
  const dot = name.lastIndexOf('.')
  return `${name.slice(0, dot)}-w${width}${name.slice(dot)}`
}

const VARIANT = /^([0-9a-f]{32})-w(\d+)(\.[a-z]+)$/

/** Only names the server makes: `<hash>.<ext>` or `<hash>-w<N>.<ext>` with N an allowed width. */
export function isStoredName(name: string) {
  return originalName(name) !== null
}

/** The original a stored name belongs to (itself, or the one a resized copy was made from); null for any other name. */
export function originalName(name: string): string | null {
  if (isUploadName(name)) return name
  const match = VARIANT.exec(name)
  if (match === null || !UPLOAD_WIDTHS.some((w) => String(w) === match[2])) return null
  const original = match[1]! + match[3]!
  return isUploadName(original) ? original : null
}

/**
 * What `list` answers, from a storage's entries in any order: every original once, with its own
 * size, or 0 when only resized copies are left of it; entries not of ours are skipped.
 */
export async function listOriginals(entries: Iterable<{ file: string; bytes: () => number | Promise<number> }>) {
  const sizes = new Map<string, number>()
  for (const { file, bytes } of entries) {
    const name = originalName(file)
    if (name === null) continue
    if (file === name) sizes.set(name, await bytes())
    else if (!sizes.has(name)) sizes.set(name, 0)
  }
  return [...sizes].map(([name, bytes]) => ({ name, bytes }))
}

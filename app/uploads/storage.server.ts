import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { env } from '#app/utils/env.server.ts'
import { UPLOAD_WIDTHS, isUploadName } from './upload-path.ts'

/** Where uploaded images live; a local directory today, an object store could implement the same. */
export type UploadStorage = {
  put(name: string, bytes: Buffer): Promise<void>
  /** The stored bytes, or null when there is no such file (or the name is not one of ours). */
  get(name: string): Promise<Buffer | null>
  /** Deletes an original (`<hash>.<ext>`) with all its resized copies; a missing file is no error. */
  remove(name: string): Promise<void>
  /**
   * Every stored image by its original's name, with the original's size (0 when only resized
   * copies are left of it): what the clean-up registers.
   */
  list(): Promise<{ name: string; bytes: number }[]>
}

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
 * Files in one flat directory. Names are checked against the server's own pattern (hex, one dot,
 * known extension), so no name can point outside it; writes go to a temp file and are renamed
 * into place, so a reader never sees half a file.
 */
export function diskStorage(dir: string): UploadStorage {
  const root = resolve(dir)
  return {
    async put(name, bytes) {
      if (!isStoredName(name)) throw new Error(`Refused upload name: ${JSON.stringify(name)}`)
      await mkdir(root, { recursive: true })
      const temp = join(root, `.tmp-${randomUUID()}`)
      try {
        await writeFile(temp, bytes)
        await rename(temp, join(root, name))
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    async get(name) {
      if (!isStoredName(name)) return null
      try {
        return await readFile(join(root, name))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(name) {
      if (!isUploadName(name)) throw new Error(`Refused upload name: ${JSON.stringify(name)}`)
      // Copies, then the original: whatever an interruption leaves is still listed (under the
      // original's name) and removed by the next clean-up.
      await Promise.all(UPLOAD_WIDTHS.map((width) => rm(join(root, variantName(name, width)), { force: true })))
      await rm(join(root, name), { force: true })
    },
    async list() {
      let files: string[]
      try {
        files = await readdir(root)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      const sizes = new Map<string, number>()
      for (const file of files) {
        const name = originalName(file)
        if (name === null) continue
        if (file === name) sizes.set(name, (await stat(join(root, name)).catch(() => null))?.size ?? 0)
        else if (!sizes.has(name)) sizes.set(name, 0)
      }
      return [...sizes].map(([name, bytes]) => ({ name, bytes }))
    },
  }
}

let shared: UploadStorage | undefined
/** The app's storage: the directory UPLOAD_DIR names. */
export function uploadStorage(): UploadStorage {
  return (shared ??= diskStorage(env().UPLOAD_DIR))
}

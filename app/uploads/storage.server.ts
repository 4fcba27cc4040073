import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { env } from '#app/utils/env.server.ts'
import { UPLOAD_WIDTHS, isUploadName } from './upload-path.ts'

/** Where uploaded images live; a local directory today, an object store could implement the same. */
export type UploadStorage = {
  put(name: string, bytes: Buffer): Promise<void>
  /** The stored bytes, or null when there is no such file (or the name is not one of ours). */
  get(name: string): Promise<Buffer | null>
}

/** A resized copy of a stored image: `<hash>-w<N>.<ext>`. */
export function variantName(name: string, width: number) {
  const dot = name.lastIndexOf('.')
  return `${name.slice(0, dot)}-w${width}${name.slice(dot)}`
}

const VARIANT = /^([0-9a-f]{32})-w(\d+)(\.[a-z]+)$/

/** Only names the server makes: `<hash>.<ext>` or `<hash>-w<N>.<ext>` with N an allowed width. */
export function isStoredName(name: string) {
  if (isUploadName(name)) return true
  const match = VARIANT.exec(name)
  return match !== null && isUploadName(match[1]! + match[3]!) && UPLOAD_WIDTHS.some((w) => String(w) === match[2])
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
  }
}

let shared: UploadStorage | undefined
/** The app's storage: the directory UPLOAD_DIR names. */
export function uploadStorage(): UploadStorage {
  return (shared ??= diskStorage(env().UPLOAD_DIR))
}

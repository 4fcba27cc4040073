import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { env, type Env } from '#app/utils/env.server.ts'
import { s3Storage } from './s3-storage.server.ts'
import { isStoredName, listOriginals, variantName } from './stored-names.ts'
import { UPLOAD_WIDTHS, isUploadName } from './upload-path.ts'

export { isStoredName, originalName, variantName } from './stored-names.ts'

/**
 * Where uploaded images live: a local directory (diskStorage, the default) or an S3-compatible
 * object store (s3Storage, when S3_BUCKET is set; ADR 035). Both check names alike.
 */
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
      return listOriginals(files.map((file) => ({ file, bytes: async () => (await stat(join(root, file)).catch(() => null))?.size ?? 0 })))
    },
  }
}

/** The storage the settings choose: the bucket when S3_BUCKET is set, else the directory UPLOAD_DIR. */
export function storageFor(config: Env): UploadStorage {
  if (!config.S3_BUCKET) return diskStorage(config.UPLOAD_DIR)
  return s3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  })
}

let shared: UploadStorage | undefined
/** The app's storage (storageFor the environment), made once. */
export function uploadStorage(): UploadStorage {
  return (shared ??= storageFor(env()))
}

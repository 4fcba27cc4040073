import type { S3Client } from '@aws-sdk/client-s3'
import type { UploadStorage } from './storage.server.ts'
import { isStoredName, listOriginals, variantName } from './stored-names.ts'
import { UPLOAD_WIDTHS, isUploadName } from './upload-path.ts'

/** Where an S3-compatible object store keeps the uploads (the S3_* settings, ADR 035). */
export type S3StorageConfig = {
  /** The store's address, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (self-hosted stores). */
  forcePathStyle: boolean
  /** Keys start with it (one bucket for several sites, or beside other data); `a/b` and `/a/b/` are `a/b/`. */
  prefix?: string
  /** Keys asked per ListObjectsV2 page: S3's own maximum (1000) unless a test wants pages. */
  pageSize?: number
}

/** `a/b`, `/a/b/` → `a/b/`; empty stays empty. */
export function normalizePrefix(prefix = '') {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '')
  return trimmed ? `${trimmed}/` : ''
}

const CONTENT_TYPE = (name: string) => {
  const ext = name.slice(name.lastIndexOf('.') + 1)
  return ext === 'jpg' ? 'image/jpeg' : `image/${ext}`
}

/** A missing key (not a missing bucket, a refusal or an outage: those throw). */
function isMissingKey(error: unknown) {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || ($metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket')
}

/**
 * Uploads as objects `<prefix><name>` in one bucket, with the same name checks as diskStorage, so
 * no key outside our pattern is ever read or written. A PUT replaces an object whole, so a reader
 * never sees half of one. The AWS SDK is loaded on first use: a server on the local directory
 * never loads it (ADR 012).
 */
export function s3Storage(config: S3StorageConfig): UploadStorage {
  const prefix = normalizePrefix(config.prefix)
  const Bucket = config.bucket
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // The SDK's newer default adds CRC checksums (and chunked bodies) to every upload, which
        // many S3-compatible stores refuse; checksums only where the API requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A store that does not answer fails the request instead of holding it for ever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
      }),
    })))

  const remove = async (name: string) => {
    const { sdk, client } = await s3()
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: prefix + name }))
    } catch (error) {
      if (!isMissingKey(error)) throw error
    }
  }

  return {
    async put(name, bytes) {
      if (!isStoredName(name)) throw new Error(`Refused upload name: ${JSON.stringify(name)}`)
      const { sdk, client } = await s3()
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: prefix + name, Body: bytes, ContentType: CONTENT_TYPE(name) }))
    },
    async get(name) {
      if (!isStoredName(name)) return null
      const { sdk, client } = await s3()
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: prefix + name }))
        if (!object.Body) return null
        const bytes = await object.Body.transformToByteArray()
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      } catch (error) {
        if (isMissingKey(error)) return null
        throw error
      }
    },
    async remove(name) {
      if (!isUploadName(name)) throw new Error(`Refused upload name: ${JSON.stringify(name)}`)
      // Copies, then the original, as on disk (whatever is left is listed under the original's name).
      await Promise.all(UPLOAD_WIDTHS.map((width) => remove(variantName(name, width))))
      await remove(name)
    },
    async list() {
      const { sdk, client } = await s3()
      const entries: { file: string; bytes: () => number }[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken, MaxKeys: config.pageSize }),
        )
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(prefix)) continue
          const size = object.Size ?? 0
          entries.push({ file: object.Key.slice(prefix.length), bytes: () => size })
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return listOriginals(entries)
    },
  }
}

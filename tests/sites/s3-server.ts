import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import type { S3StorageConfig } from '#app/uploads/s3-storage.server.ts'

export type S3Server = {
  /** http://127.0.0.1:<port>, path-style. */
  endpoint: string
  /** The bucket made at start. */
  bucket: string
  /** The S3_* settings that point an app process at the bucket (add them to its environment). */
  env: Record<string, string>
  /** The same as s3Storage's configuration, for `bucket` (or another one made with createBucket). */
  config: (bucket?: string) => S3StorageConfig
  /** A client of the server's own, to look into a bucket past the app (destroy it when done). */
  client: () => S3Client
  /** Makes another bucket (each test its own, say). */
  createBucket: (name: string) => Promise<void>
  /** Where s3rver keeps the objects, one directory per bucket. */
  directory: string
  stop: () => Promise<void>
}

/** s3rver's own account: it refuses other access keys (it does not check SigV4 signatures). */
const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'

/**
 * A local S3-compatible server for the tests (s3rver: buckets as directories, access keys
 * checked) in a child process, on a free port of 127.0.0.1, with one bucket made; several app
 * processes given `env` share it. `stop` ends it and deletes its directory; it also ends when the
 * test process does.
 */
export async function startS3({ bucket = 'qiye-uploads' }: { bucket?: string } = {}): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'qiye-s3-'))
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(import.meta.dirname, 's3rver-process.ts'), directory, bucket], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 30_000)
    child.stdout.on('data', () => {
      const match = /s3rver listening on (\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`s3rver exited with ${code}:\n${output}`))
    })
  })
  const endpoint = `http://127.0.0.1:${port}`
  const config = (name = bucket): S3StorageConfig => ({
    endpoint,
    bucket: name,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  })
  const client = () =>
    new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY } })
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    config,
    client,
    async createBucket(name) {
      const admin = client()
      try {
        await admin.send(new CreateBucketCommand({ Bucket: name }))
      } finally {
        admin.destroy()
      }
    },
    directory,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end()
        await exited
      }
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

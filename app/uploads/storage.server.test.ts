import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { parseEnv } from '#app/utils/env.server.ts'
import { type S3Server, startS3 } from '#tests/sites/s3-server.ts'
import { normalizePrefix, s3Storage } from './s3-storage.server.ts'
import { diskStorage, isStoredName, storageFor, type UploadStorage, variantName } from './storage.server.ts'

const hash = 'ffeeddccbbaa99887766554433221100'
const other = '00112233445566778899aabbccddeeff'

let s3: S3Server
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(() => s3?.stop())

/** One storage under test, with a look behind it: what it holds, and files put there by others. */
type Place = {
  storage: UploadStorage
  /** The names in the storage's own place (its directory; the bucket under its prefix), sorted. */
  names(): Promise<string[]>
  /** Writes a file of someone else's in the storage's own place, bypassing the name checks. */
  plantInside(name: string, bytes: string): Promise<void>
  /** Writes a file beside the storage's place (the parent directory; outside the prefix) and reads it back. */
  plantOutside(name: string, bytes: string): Promise<() => Promise<string | null>>
  cleanUp(): Promise<void>
}

/** A raw client of the test server's, for what the storage must not do itself. */
const rawClient = () => s3.client()

async function rawKeys(client: S3Client, bucket: string) {
  const keys: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }))
    keys.push(...(page.Contents ?? []).map((object) => object.Key!))
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return keys.sort()
}

async function rawText(client: S3Client, bucket: string, key: string) {
  try {
    return await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString()
  } catch {
    return null
  }
}

let buckets = 0
/** A fresh bucket per test; pages of 2 keys, so every listing goes through continuation tokens. */
async function s3Place(prefix: string): Promise<Place> {
  const bucket = `test-${++buckets}-${Math.random().toString(36).slice(2, 8)}`
  await s3.createBucket(bucket)
  const client = rawClient()
  const outsideKey = (name: string) => (prefix ? name : `elsewhere/${name}`)
  return {
    storage: s3Storage({ ...s3.config(bucket), prefix, pageSize: 2 }),
    async names() {
      return (await rawKeys(client, bucket)).filter((key) => key.startsWith(prefix) && !key.startsWith('elsewhere/')).map((key) => key.slice(prefix.length))
    },
    async plantInside(name, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: prefix + name, Body: bytes }))
    },
    async plantOutside(name, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: outsideKey(name), Body: bytes }))
      return () => rawText(client, bucket, outsideKey(name))
    },
    async cleanUp() {
      client.destroy()
    },
  }
}

async function diskPlace(): Promise<Place> {
  const parent = await mkdtemp(join(tmpdir(), 'qiye-storage-'))
  const dir = join(parent, 'uploads')
  return {
    storage: diskStorage(dir),
    async names() {
      return (await readdir(dir).catch(() => [])).sort()
    },
    async plantInside(name, bytes) {
      await mkdir(dir, { recursive: true })
      await writeFile(join(dir, name), bytes)
    },
    async plantOutside(name, bytes) {
      await writeFile(join(parent, name), bytes)
      return () => readFile(join(parent, name), 'utf8').catch(() => null)
    },
    cleanUp: () => rm(parent, { recursive: true, force: true }),
  }
}

// The same behaviour from every storage the settings can choose.
describe.each([
  { kind: 'diskStorage (UPLOAD_DIR)', make: diskPlace },
  { kind: 's3Storage (a bucket, prefix qiye/)', make: () => s3Place('qiye/') },
  { kind: 's3Storage (a bucket, no prefix)', make: () => s3Place('') },
])('$kind', ({ make }) => {
  let place: Place
  let storage: UploadStorage
  beforeEach(async () => {
    place = await make()
    storage = place.storage
  })
  afterEach(() => place.cleanUp())

  test('stores and returns bytes under a server-made name; nothing is there before the first write', async () => {
    expect(await place.names()).toEqual([])
    expect(await storage.get(`${hash}.png`)).toBeNull()
    await storage.put(`${hash}.png`, Buffer.from('one'))
    await storage.put(`${hash}.png`, Buffer.from('two'))
    expect((await storage.get(`${hash}.png`))?.toString()).toBe('two')
    await storage.put(variantName(`${hash}.jpg`, 96), Buffer.from('small'))
    expect((await storage.get(variantName(`${hash}.jpg`, 96)))?.toString()).toBe('small')
    expect(await storage.get(`${hash}.jpg`)).toBeNull()
    // Only the finished files: no temp file is left behind.
    expect(await place.names()).toEqual([`${hash}-w96.jpg`, `${hash}.png`])
  })

  test('names other than <hash>.<ext> and <hash>-w<allowed N>.<ext> are refused for writing and never read', async () => {
    const secrets = [await place.plantOutside('x.png', 'secret'), await place.plantOutside(`${hash}.png`, 'secret')]
    await storage.put(`${hash}.gif`, Buffer.from('ok'))
    for (const name of [
      '../x.png',
      `../${hash}.png`,
      'x.png',
      `${hash.toUpperCase()}.png`,
      `${hash}.svg`,
      `${hash}.html`,
      `${hash}.png.php`,
      `${hash}-w41.png`,
      `${hash}-w040.png`,
      `${hash}/`,
      `${hash}.png/../${hash}.png`,
      `elsewhere/${hash}.png`,
      `/${hash}.png`,
      join(tmpdir(), `${hash}.png`),
      '.tmp-1.png',
      '',
      'con.png',
    ]) {
      expect(isStoredName(name), name).toBe(false)
      await expect(storage.put(name, Buffer.from('evil')), name).rejects.toThrow(/Refused upload name/)
      expect(await storage.get(name), name).toBeNull()
    }
    expect(await place.names()).toEqual([`${hash}.gif`])
    for (const read of secrets) expect(await read()).toBe('secret')
  })

  test('remove deletes an original with every resized copy and leaves other files; a missing file is no error', async () => {
    await storage.put(`${hash}.png`, Buffer.from('original'))
    await storage.put(variantName(`${hash}.png`, 40), Buffer.from('40'))
    await storage.put(variantName(`${hash}.png`, 192), Buffer.from('192'))
    await storage.put(`${other}.png`, Buffer.from('keep'))
    await storage.put(variantName(`${other}.png`, 40), Buffer.from('keep 40'))
    await storage.remove(`${hash}.png`)
    expect(await place.names()).toEqual([`${other}-w40.png`, `${other}.png`])
    expect(await storage.get(`${hash}.png`)).toBeNull()
    await storage.remove(`${hash}.png`)
    await expect(storage.remove(`../${other}.png`)).rejects.toThrow(/Refused upload name/)
    await expect(storage.remove(variantName(`${other}.png`, 40))).rejects.toThrow(/Refused upload name/)
    expect(await place.names()).toEqual([`${other}-w40.png`, `${other}.png`])
  })

  test('list names every stored original once, with its size; a lone resized copy is listed by its original; other files are not', async () => {
    expect(await storage.list()).toEqual([])
    const lone = '00112233445566778899aabbccddeeff'
    await storage.put(`${hash}.png`, Buffer.from('12345'))
    await storage.put(variantName(`${hash}.png`, 96), Buffer.from('small'))
    await storage.put(variantName(`${lone}.jpg`, 40), Buffer.from('copy'))
    await place.plantInside('notes.txt', 'not ours')
    await place.plantInside('.tmp-123', 'half')
    await place.plantOutside(`${other}.png`, 'not in our place')
    const listed = await storage.list()
    expect(listed.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: `${lone}.jpg`, bytes: 0 },
      { name: `${hash}.png`, bytes: 5 },
    ])
  })
})

describe('s3Storage only', () => {
  test('list pages through a bucket of many keys (continuation tokens) and skips keys outside the prefix or nested in it', async () => {
    const bucket = 'paged'
    await s3.createBucket(bucket)
    const storage = s3Storage({ ...s3.config(bucket), prefix: '/site-a', pageSize: 3 })
    const names = Array.from({ length: 7 }, (_, i) => `${String(i).repeat(32)}.png`)
    for (const [i, name] of names.entries()) {
      await storage.put(name, Buffer.alloc(i + 1))
      await storage.put(variantName(name, 40), Buffer.alloc(100))
    }
    const client = rawClient()
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `site-b/${'a'.repeat(32)}.png`, Body: 'another site' }))
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `site-a/nested/${'b'.repeat(32)}.png`, Body: 'nested' }))
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${'c'.repeat(32)}.png`, Body: 'no prefix' }))
    expect((await rawKeys(client, bucket)).filter((key) => key.startsWith('site-a/')).length).toBe(15)
    expect((await storage.list()).sort((a, b) => a.name.localeCompare(b.name))).toEqual(names.map((name, i) => ({ name, bytes: i + 1 })))
    // Stored with the image's type, so the bucket's own listing (and a backup) says what each is.
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `site-a/${names[0]}` }))
    expect(head.ContentType).toBe('image/png')
    client.destroy()
  })

  test('a missing key is null; a missing bucket, refused credentials or an unreachable store throw', async () => {
    const good = s3Storage(s3.config())
    expect(await good.get(`${hash}.png`)).toBeNull()
    await good.remove(`${hash}.png`)

    const noBucket = s3Storage(s3.config('no-such-bucket'))
    await expect(noBucket.get(`${hash}.png`)).rejects.toMatchObject({ name: 'NoSuchBucket' })
    await expect(noBucket.list()).rejects.toMatchObject({ name: 'NoSuchBucket' })
    await expect(noBucket.put(`${hash}.png`, Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' })

    await good.put(`${hash}.png`, Buffer.from('there'))
    // (s3rver checks the access key, not a SigV4 signature.)
    const wrongKey = s3Storage({ ...s3.config(), accessKeyId: 'NOT-OURS' })
    await expect(wrongKey.get(`${hash}.png`)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' })
    await expect(wrongKey.list()).rejects.toThrow()

    const closed = s3Storage({ ...s3.config(), endpoint: 'http://127.0.0.1:9' })
    await expect(closed.get(`${hash}.png`)).rejects.toThrow()
  })

  test('prefixes are kept as one folder: surrounding slashes do not matter', () => {
    expect(normalizePrefix('')).toBe('')
    expect(normalizePrefix('/')).toBe('')
    expect(normalizePrefix('qiye')).toBe('qiye/')
    expect(normalizePrefix('/qiye/uploads/')).toBe('qiye/uploads/')
  })
})

describe('the settings choose the storage', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qiye-storage-env-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  test('without S3_BUCKET the files go to UPLOAD_DIR; with it to the bucket, and UPLOAD_DIR is left alone', async () => {
    await storageFor(parseEnv({ UPLOAD_DIR: dir })).put(`${hash}.png`, Buffer.from('on disk'))
    expect(await readdir(dir)).toEqual([`${hash}.png`])

    const bucket = 'chosen'
    await s3.createBucket(bucket)
    const fromEnv = storageFor(parseEnv({ UPLOAD_DIR: dir, ...s3.env, S3_BUCKET: bucket, S3_PREFIX: 'qiye' }))
    await fromEnv.put(`${other}.png`, Buffer.from('in the bucket'))
    expect(await readdir(dir)).toEqual([`${hash}.png`])
    const client = rawClient()
    expect(await rawKeys(client, bucket)).toEqual([`qiye/${other}.png`])
    client.destroy()
    expect((await fromEnv.get(`${other}.png`))?.toString()).toBe('in the bucket')
    expect(await fromEnv.get(`${hash}.png`)).toBeNull()
  })

  test('the object store is all or nothing: half its settings stop the boot with the missing one named', () => {
    expect(parseEnv({})).toMatchObject({ S3_BUCKET: '', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_PREFIX: '' })
    expect(parseEnv({ ...s3.env, S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ S3_BUCKET: s3.bucket, S3_FORCE_PATH_STYLE: false })
    const { S3_ENDPOINT: _endpoint, ...noEndpoint } = s3.env
    expect(() => parseEnv(noEndpoint)).toThrow(/S3_ENDPOINT is needed with S3_BUCKET/)
    expect(() => parseEnv({ S3_BUCKET: 'qiye' })).toThrow(/S3_ACCESS_KEY_ID is needed with S3_BUCKET[\s\S]*S3_SECRET_ACCESS_KEY is needed with S3_BUCKET/)
    const { S3_BUCKET: _bucket, ...noBucket } = s3.env
    expect(() => parseEnv(noBucket)).toThrow(/S3_BUCKET is needed with S3_ENDPOINT/)
    expect(() => parseEnv({ ...s3.env, S3_ENDPOINT: 'ftp://store' })).toThrow(/S3_ENDPOINT/)
    expect(() => parseEnv({ ...s3.env, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/)
  })
})

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { dataDirectories, ensureDataDirectories } from './data-dirs.server.ts'

const base = { DATABASE_URL: undefined, PGLITE_DIR: './data/pglite', UPLOAD_DIR: './data/uploads', S3_BUCKET: '', APP_SECRET: '', SECRET_FILE: './data/app-secret' }
let dir = ''
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

test('the embedded database, the uploads and the secret file each have a directory', () => {
  expect(dataDirectories(base)).toEqual([
    { setting: 'PGLITE_DIR', path: './data/pglite' },
    { setting: 'UPLOAD_DIR', path: './data/uploads' },
    { setting: 'SECRET_FILE', path: './data' },
  ])
  // On a PostgreSQL server, in memory, or with APP_SECRET set, those directories are not written.
  const settings = dataDirectories({ ...base, DATABASE_URL: 'postgres://db/x', APP_SECRET: 'x'.repeat(32) }).map((d) => d.setting)
  expect(settings).toEqual(['UPLOAD_DIR'])
  expect(dataDirectories({ ...base, PGLITE_DIR: 'memory://' }).map((d) => d.setting)).not.toContain('PGLITE_DIR')
  // Uploads in an object store: UPLOAD_DIR is neither made nor needed writable.
  expect(dataDirectories({ ...base, UPLOAD_DIR: '/proc/qiye/uploads', S3_BUCKET: 'qiye' }).map((d) => d.setting)).toEqual(['PGLITE_DIR', 'SECRET_FILE'])
})

test('missing parents are created', () => {
  dir = mkdtempSync(join(tmpdir(), 'qiye-dirs-'))
  const nested = join(dir, 'a', 'b', 'pglite')
  ensureDataDirectories([{ setting: 'PGLITE_DIR', path: nested }])
  expect(existsSync(nested)).toBe(true)
  // A second start finds them there.
  ensureDataDirectories([{ setting: 'PGLITE_DIR', path: nested }])
})

test('a directory that cannot be made is named in one line with the reason', () => {
  dir = mkdtempSync(join(tmpdir(), 'qiye-dirs-'))
  // A path below a regular file cannot exist, whoever runs the test (root ignores permissions).
  writeFileSync(join(dir, 'file'), '')
  const path = join(dir, 'file', 'uploads')
  expect(() => ensureDataDirectories([{ setting: 'UPLOAD_DIR', path }])).toThrow(`cannot create UPLOAD_DIR directory ${path}: ENOTDIR`)
  // A file where the directory itself should be.
  expect(() => ensureDataDirectories([{ setting: 'SECRET_FILE', path: join(dir, 'file') }])).toThrow('ENOTDIR')
})

test('a path under /proc fails at once (mkdir with recursive: true never returns there)', () => {
  expect(() => ensureDataDirectories([{ setting: 'PGLITE_DIR', path: '/proc/qiye/pglite' }])).toThrow(/cannot create PGLITE_DIR directory \/proc\/qiye\/pglite: E[A-Z]+/)
})

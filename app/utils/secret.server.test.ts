import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'
import { readOrCreateSecret } from './secret.server.ts'

const dir = mkdtempSync(join(tmpdir(), 'qiye-secret-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Each process waits for the same moment, then reads or makes the secret.
const child = `
import { readOrCreateSecret } from ${JSON.stringify(new URL('./secret.server.ts', import.meta.url).href)}
const [file, at] = process.argv.slice(1)
while (Date.now() < Number(at));
console.log(readOrCreateSecret(file))
`

test('processes starting together on one machine all end up with the one secret written', { timeout: 60_000 }, async () => {
  const file = join(dir, 'shared', 'app-secret')
  const at = String(Date.now() + 1_500)
  const outputs = await Promise.all(
    Array.from({ length: 6 }, () => promisify(execFile)(process.execPath, ['--input-type=module', '-e', child, file, at])),
  )
  const secrets = new Set(outputs.map((o) => o.stdout.trim()))
  expect(secrets.size).toBe(1)
  const [secret] = secrets
  expect(secret!.length).toBeGreaterThanOrEqual(32)
  expect(readFileSync(file, 'utf8')).toBe(secret)
  // The losers' own files are gone.
  expect(readdirSync(join(dir, 'shared'))).toEqual(['app-secret'])
})

test('a kept secret is read as it is; a file too short to be one stops the start', () => {
  const kept = join(dir, 'kept')
  writeFileSync(kept, `${'k'.repeat(40)}\n`)
  expect(readOrCreateSecret(kept)).toBe('k'.repeat(40))
  const short = join(dir, 'short')
  writeFileSync(short, 'short')
  expect(() => readOrCreateSecret(short)).toThrow(`${short} holds no usable secret`)
})

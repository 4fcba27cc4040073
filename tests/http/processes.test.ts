import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { freshDataDir, type RunningServer, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase, serverUrl } from '#tests/setup/test-db.ts'

// Keeps the shared server of the other files out of this one.
inject('baseUrl')

const count = (servers: RunningServer[], pattern: RegExp) => servers.filter((server) => pattern.test(server.output())).length

// PGlite is one process: several processes on one database is the PostgreSQL server's case.
describe.runIf(serverUrl)('several app processes on one PostgreSQL database (skipped without TEST_DATABASE_URL)', () => {
  const database = serverUrl ? createServerDatabase(serverUrl) : null
  afterAll(async () => (await database)?.drop())

  test('three started at the same moment on a fresh database all serve: seeded once, one maintenance pass, one secret file', { timeout: 240_000 }, async () => {
    const { url } = (await database)!
    const secretFile = join(freshDataDir(), 'app-secret')
    const env = { DATABASE_URL: url, APP_SECRET: '', SECRET_FILE: secretFile, UPLOAD_DIR: freshDataDir() }
    const started = await Promise.allSettled([1, 2, 3].map(() => startServer(env)))
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started'])
      for (const server of servers) {
        expect((await fetch(new URL('/healthz', server.url))).status).toBe(200)
        expect(await (await fetch(server.url)).text()).toContain('起页示例主页')
      }
      expect(count(servers, /Seeded the demo/)).toBe(1)
      // Each ran its pass at boot, or found one running or run: one says it ran it.
      await expect.poll(() => count(servers, /Maintenance: ran by pid \d+ on host /), { timeout: 30_000 }).toBe(1)
      expect(readFileSync(secretFile, 'utf8')).toHaveLength(43)
    } finally {
      for (const server of servers) expect(await server.stop(), server.output()).toBe(0)
    }
    expect(count(servers, /Maintenance: ran by/)).toBe(1)
  })
})

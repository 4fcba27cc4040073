import { afterAll, expect, inject, test } from 'vitest'
import { uniqueEmail } from '#tests/db-utils.ts'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createServerDatabase } from '#tests/setup/test-db.ts'
import { createClient } from './client.ts'

const serverUrl = process.env.TEST_DATABASE_URL
const database = serverUrl ? await createServerDatabase(serverUrl) : null
const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { PGLITE_DIR: freshDataDir() }
afterAll(() => database?.drop())
// Keeps the shared server of the other files out of this one.
inject('baseUrl')

// Two cold boots of a fresh database: slow on a loaded 2-core machine.
test('accounts and sessions survive a restart; SIGTERM shuts down cleanly', { timeout: 180_000 }, async () => {
  const first = await startServer(env)
  const client = createClient(first.url)
  const email = uniqueEmail()
  const on = await client.api('/api/sign/on', { method: 'POST', json: { user_nickname: '重启', user_email: email, user_password: '重启之后还在' } })
  expect(on.body.code).toBe(1)
  expect(await first.stop()).toBe(0)

  const second = await startServer(env)
  try {
    const again = createClient(second.url)
    for (const [name, value] of client.jar) again.jar.set(name, value)
    expect((await again.api('/api/site/init-info')).body.data).toMatchObject({ isGuest: false, nickname: '重启' })
    const fresh = createClient(second.url)
    expect((await fresh.api('/api/sign/in', { method: 'POST', json: { user_email: email, user_password: '重启之后还在' } })).body.code).toBe(1)
    // The demo is seeded once, not again on the second boot.
    expect(second.output()).not.toContain('Seeded')
  } finally {
    expect(await second.stop()).toBe(0)
  }
})

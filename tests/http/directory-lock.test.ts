import { expect, inject, test } from 'vitest'
import { uniqueEmail } from '#tests/db-utils.ts'
import { freshDataDir, startServer } from '#tests/setup/server-process.ts'
import { createClient } from './client.ts'

// Keeps the shared server of the other files out of this one.
const databaseUrl = inject('databaseUrl')
const PASSWORD = '一个目录一个进程'

// The embedded database's own rule: the PostgreSQL run has nothing of it to test.
// Three boots of a fresh database (one refused early): slow on a loaded 2-core machine.
test.runIf(databaseUrl === '')('a second process on one PGlite directory refuses to start; the first loses nothing, even killed', { timeout: 240_000 }, async () => {
  const env = { PGLITE_DIR: freshDataDir() }
  const first = await startServer(env)
  const emails: string[] = []
  try {
    const register = async () => {
      const email = uniqueEmail()
      const answer = await createClient(first.url).api('/api/sign/on', { method: 'POST', json: { user_nickname: '先来', user_email: email, user_password: PASSWORD } })
      expect(answer.body.code).toBe(1)
      emails.push(email)
    }
    await register()

    const refused = await startServer(env).then(
      async (second) => {
        await second.stop()
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(refused).toContain(`起页 cannot start: PGLITE_DIR ${env.PGLITE_DIR} is in use by process ${first.process.pid}`)
    expect(refused).toMatch(/server exited with 1/)

    // The first goes on serving and writing after the refusal, then dies without shutting down.
    await register()
    await register()
  } finally {
    first.process.kill('SIGKILL')
    await first.stop()
  }

  // The kernel dropped the lock with the process: the next start works and has every account.
  const next = await startServer(env)
  try {
    for (const email of emails) {
      const answer = await createClient(next.url).api('/api/sign/in', { method: 'POST', json: { user_email: email, user_password: PASSWORD } })
      expect(answer.body, email).toMatchObject({ code: 1 })
    }
  } finally {
    expect(await next.stop()).toBe(0)
  }
})

import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { freshDataDir, type RunningServer, startServer } from './server-process.ts'
import { createServerDatabase, serverUrl } from './test-db.ts'

const root = join(import.meta.dirname, '..', '..')

/**
 * A server of its own with an administrator, made as an operator makes one (ADR 034): the account
 * signs up, the server stops (an embedded database is one process's), `npm run admin -- grant`
 * runs against its database, and the server starts again; the admin's session survives.
 * Answers the server, the admin's e-mail, password and session cookie, and how to end it all.
 */
export async function serverWithAdmin(extraEnv: Record<string, string> = {}) {
  const database = serverUrl ? await createServerDatabase(serverUrl) : null
  const dataDir = freshDataDir()
  const env: Record<string, string> = {
    ...(database ? { DATABASE_URL: database.url } : { PGLITE_DIR: dataDir }),
    UPLOAD_DIR: freshDataDir(),
    SECRET_FILE: join(dataDir, '..', `${dataDir.split('/').at(-1)}-secret`),
    RATE_LIMIT_FACTOR: '100',
    ...extraEnv,
  }
  const email = `admin-${Math.random().toString(36).slice(2, 10)}@example.com`
  const password = '管理员的密码123'
  const first = await startServer(env)
  let cookie: string
  try {
    const response = await fetch(new URL('/api/sign/on', first.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_nickname: '管理员', user_email: email, user_password: password }),
    })
    const body = (await response.json()) as { code: number; msg: string }
    if (body.code !== 1) throw new Error(`admin sign-up refused: ${body.msg}`)
    cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ')
  } finally {
    await first.stop()
  }
  const granted = spawnSync(process.execPath, ['scripts/admin.ts', 'grant', email], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (granted.status !== 0 || !granted.stdout.includes('Granted')) throw new Error(`npm run admin failed: ${granted.stdout}${granted.stderr}`)
  const server: RunningServer = await startServer(env)
  return {
    server,
    email,
    password,
    cookie,
    async stop() {
      const code = await server.stop()
      await database?.drop()
      return code
    },
  }
}

import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCommand } from '../../scripts/start-command.ts'

export type RunningServer = { url: string; process: ChildProcess; output: () => string; stop: () => Promise<number | null> }

const root = join(import.meta.dirname, '..', '..')

export function freshDataDir() {
  return mkdtempSync(join(tmpdir(), 'qiye-test-'))
}

/**
 * Starts the built production server as `npm start` runs it (package.json's start:built: its
 * environment, node flags and `server/index.ts`) on a random port and waits for its "listening" line.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(join(root, 'build', 'server', 'index.js'))) {
    throw new Error('No build found: run `npm run build` before the HTTP tests (npm test does).')
  }
  const start = startCommand(root)
  // A known port, so that the server knows its public origin (APP_ORIGIN) as a real one does:
  // links in mails are built from it, never from a request's Host.
  const port = env.PORT ?? String(await freePort())
  const child = spawn(process.execPath, [...start.nodeArgs, start.script], {
    cwd: root,
    env: { ...process.env, ...start.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: port, APP_ORIGIN: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!.replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** A port free on 127.0.0.1 now (the OS picks it; the server binds it a moment later). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type RunningServer = { url: string; process: ChildProcess; output: () => string; stop: () => Promise<number | null> }

const root = join(import.meta.dirname, '..', '..')

export function freshDataDir() {
  return mkdtempSync(join(tmpdir(), 'qiye-test-'))
}

/**
 * Starts the built production server (`node server/index.ts`, as `npm start` runs it) on a
 * random port and waits for its "listening" line.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(join(root, 'build', 'server', 'index.js'))) {
    throw new Error('No build found: run `npm run build` before the HTTP tests (npm test does).')
  }
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...env },
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

import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

/** Every child the bench started, so cleanup can stop each one by its PID and nothing else. */
const children = new Set<ChildProcess>()

export type Child = { pid: number; process: ChildProcess; output: () => string }

/**
 * Starts `node [nodeArgs] <script> …args` with this Node (npm puts Node 24 on PATH, so
 * process.execPath is it) and records it for `stopChildren`. Output is kept for error messages.
 */
export function startNode(script: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; nodeArgs?: string[] }): Child {
  const { nodeArgs = [], ...spawnOptions } = options
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] })
  if (child.pid === undefined) throw new Error(`could not start ${script}`)
  children.add(child)
  child.once('exit', () => children.delete(child))
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return { pid: child.pid, process: child, output: () => output }
}

/** Resolves with the port of the first `listening on http://host:PORT` line the child prints. */
export function waitForListening(child: Child, timeoutMs = 60_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no "listening" line after ${timeoutMs} ms:\n${child.output()}`)), timeoutMs)
    const onData = () => {
      const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(child.output())
      if (match) finish(() => resolve(Number(match[1])))
    }
    const onExit = (code: number | null) => fail(new Error(`exited with ${code} before listening:\n${child.output()}`))
    const finish = (settle: () => void) => {
      clearTimeout(timer)
      child.process.stdout?.off('data', onData)
      child.process.off('exit', onExit)
      settle()
    }
    const fail = (error: Error) => finish(() => reject(error))
    child.process.stdout?.on('data', onData)
    child.process.once('exit', onExit)
  })
}

/** Resolves with the exit code once the child has exited. */
export function waitForExit(child: Child): Promise<number | null> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return Promise.resolve(child.process.exitCode)
  return new Promise((resolve) => child.process.once('exit', (code) => resolve(code)))
}

/**
 * Stops every child still running, by PID: SIGTERM (the app server closes PGlite cleanly on
 * it), then SIGKILL for any that is still there after `graceMs`.
 */
export async function stopChildren(graceMs = 5_000) {
  const running = [...children]
  await Promise.all(
    running.map(async (child) => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    }),
  )
}

/** Sends SIGKILL to every child at once: for a second Ctrl+C, when waiting is not wanted. */
export function killChildrenNow() {
  for (const child of children) child.kill('SIGKILL')
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 }
}

/**
 * The process's memory once it has settled: sampled every half second until two samples in a row
 * are within 5 MB (at most 20 s). A process just booted is not idle while V8 still compiles
 * PGlite's WebAssembly in the background (a one-off of a few hundred MB, ADR 012), and how long
 * that takes depends on the machine's load.
 */
export async function settledMemoryOf(pid: number) {
  let last = memoryOf(pid)
  for (let waited = 0; waited < 20_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = memoryOf(pid)
    if (Math.abs(now.rss - last.rss) < 5e6) return now
    last = now
  }
  return last
}

/** Linux reports process CPU time in clock ticks; USER_HZ is 100 on every common build. */
const TICKS_PER_SECOND = 100

/** CPU seconds (user + system) a process has used so far. */
export function cpuSecondsOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name, which sits in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/**
 * Resets the process's peak RSS (VmHWM) to its current RSS (`echo 5 > /proc/PID/clear_refs`,
 * Linux ≥ 4.0), so that the next memoryOf(pid).peak is the peak since now. False when the kernel
 * or the permissions refuse: the peak then runs from the process's start.
 */
export function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/**
 * What the app server's page cache holds: server/index.ts prints
 * `Page cache: N pages, B bytes; rss R` on SIGUSR2. Null when no such line comes within `timeoutMs`.
 */
export async function pageCacheSize(child: Child, timeoutMs = 10_000) {
  const from = child.output().length
  child.process.kill('SIGUSR2')
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    const match = /Page cache: (\d+) pages, (\d+) bytes; rss (\d+)/.exec(child.output().slice(from))
    if (match) return { pages: Number(match[1]), bytes: Number(match[2]), rss: Number(match[3]) }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return null
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Instance, type Result } from 'autocannon'
import { cpuSecondsOf } from './processes.ts'

export type LoadOptions = {
  url: string
  connections: number
  seconds: number
  headers: Record<string, string>
  /** The process under load, whose CPU use is measured during the run. */
  serverPid: number
}

export type Round = {
  rps: number
  /** Milliseconds. */
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** CPU of the server in % of one core: near 100 means the server was the limit. */
  serverCpu: number
  /** CPU of the load generator (wrk, or autocannon in this process) in % of one core. */
  clientCpu: number
}

/**
 * wrk's threads: one per core of this 2-core machine, the connections split between them. With
 * wrk (C, several threads) the raw node:http references are bound by the server, not by the load
 * generator; autocannon's one JavaScript thread tops out first (perf-baseline §1, issue 27).
 */
const WRK_THREADS = 2

/** Prints the run's figures as one JSON line (latencies in microseconds) after wrk's own report. */
const WRK_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.connect, e.read, e.write, e.status, e.timeout))
end
`

type WrkResult = { requests: number; durationUs: number; p50Us: number; p99Us: number; connect: number; read: number; write: number; status: number; timeout: number }

/** wrk's version line when it is on PATH (`apt-get install wrk`), else null: autocannon is used. */
const wrkVersion: string | null = (() => {
  const run = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  if (run.error) return null
  return /^wrk\s+(\S+)/.exec(`${run.stdout}${run.stderr}`)?.[1] ?? 'unknown version'
})()

/** The load generator every run uses, for the report's header. */
export function loadTool() {
  return wrkVersion
    ? { name: 'wrk', describe: `wrk ${wrkVersion} (${WRK_THREADS} threads, the connections split between them)` }
    : { name: 'autocannon', describe: 'autocannon (in the bench process; wrk is not installed: apt-get install wrk)' }
}

let current: Instance | undefined
let currentWrk: ChildProcess | undefined
let stopped = false
let scriptDir: string | undefined

/** Stops the running load (Ctrl+C) and refuses to start another one. */
export function stopLoad() {
  stopped = true
  current?.stop()
  // wrk runs in a process group of its own, with the shell that waits for it.
  if (currentWrk?.pid) {
    try {
      process.kill(-currentWrk.pid, 'SIGKILL')
    } catch {}
  }
}

/** One run of wrk where installed, else of autocannon; req/s counts every completed response over the run's real duration. */
export async function runLoad(options: LoadOptions): Promise<Round> {
  if (stopped) throw new Error('interrupted')
  return wrkVersion ? runWrk(options) : runAutocannon(options)
}

async function runAutocannon(options: LoadOptions): Promise<Round> {
  const serverBefore = cpuSecondsOf(options.serverPid)
  const clientBefore = process.cpuUsage()
  const result = await new Promise<Result>((resolve, reject) => {
    current = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 20,
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    )
  })
  current = undefined
  if (stopped) throw new Error('interrupted')
  const client = process.cpuUsage(clientBefore)
  const seconds = result.duration
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    serverCpu: ((cpuSecondsOf(options.serverPid) - serverBefore) / seconds) * 100,
    clientCpu: ((client.user + client.system) / 1e6 / seconds) * 100,
  }
}

/** Ticks → seconds (USER_HZ, as in processes.ts). */
const TICKS_PER_SECOND = 100

/**
 * One wrk run with the Lua script above. wrk runs under `sh`, which then prints its own
 * /proc stat: once wrk has been waited for, its CPU time is in the shell's children's fields.
 */
async function runWrk(options: LoadOptions): Promise<Round> {
  if (!scriptDir) {
    const dir = mkdtempSync(join(tmpdir(), 'qiye-bench-wrk-'))
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    scriptDir = dir
  }
  const script = join(scriptDir, 'done.lua')
  writeFileSync(script, WRK_SCRIPT)
  const threads = Math.max(1, Math.min(WRK_THREADS, options.connections))
  const args = [
    `-t${threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '20s',
    '-s',
    script,
    ...Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    options.url,
  ]
  const serverBefore = cpuSecondsOf(options.serverPid)
  const child = spawn('sh', ['-c', 'wrk "$@"; code=$?; echo "SH_STAT $(cat /proc/$$/stat)"; exit $code', 'sh', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  currentWrk = child
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (exitCode) => resolve(exitCode))
  })
  currentWrk = undefined
  if (stopped) throw new Error('interrupted')
  const line = /^WRK_RESULT (\{.*\})$/m.exec(output)?.[1]
  if (code !== 0 || !line) throw new Error(`wrk failed (exit ${code}):\n${output}`)
  const result = JSON.parse(line) as WrkResult
  const seconds = result.durationUs / 1e6
  // After the command name in parentheses: field 16 and 17 of stat (cutime, cstime) are the 14th and 15th here.
  const stat = /^SH_STAT (.*)$/m.exec(output)?.[1] ?? ''
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const clientSeconds = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
  return {
    rps: result.requests / seconds,
    p50: result.p50Us / 1e3,
    p99: result.p99Us / 1e3,
    errors: result.connect + result.read + result.write + result.timeout,
    non2xx: result.status,
    serverCpu: ((cpuSecondsOf(options.serverPid) - serverBefore) / seconds) * 100,
    clientCpu: (clientSeconds / seconds) * 100,
  }
}

export type Summary = { median: number; min: number; max: number }

/** Median with min and max, so the noise of a shared machine stays visible. */
export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, min: sorted[0]!, max: sorted.at(-1)! }
}

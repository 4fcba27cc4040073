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
  /** CPU of the load generator (this process) in % of one core. */
  clientCpu: number
}

let current: Instance | undefined
let stopped = false

/** Stops the running load (Ctrl+C) and refuses to start another one. */
export function stopLoad() {
  stopped = true
  current?.stop()
}

/** One autocannon run; req/s counts every completed response over the run's real duration. */
export async function runLoad(options: LoadOptions): Promise<Round> {
  if (stopped) throw new Error('interrupted')
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

export type Summary = { median: number; min: number; max: number }

/** Median with min and max, so the noise of a shared machine stays visible. */
export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { median, min: sorted[0]!, max: sorted.at(-1)! }
}

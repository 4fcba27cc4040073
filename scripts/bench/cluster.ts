import { findNginx, type RunningNginx, startNginx } from '../../tests/setup/nginx.ts'
import type { RawResponse } from './http.ts'
import { getRaw } from './http.ts'
import { type Child, memoryOf } from './processes.ts'
import { int, loadTable, type Measured } from './report.ts'

/**
 * Issue 26: the bench page as a guest through nginx running deploy/nginx.conf (tests/setup/nginx.ts),
 * with one app process behind it and with two, on PostgreSQL. Optional: skipped with a line
 * without BENCH_DATABASE_URL (PGlite is one process) or without nginx.
 */

/** `peaks`: peak RSS of each of the two app processes over their whole life (PERFORMANCE.md budget 10). */
export type ClusterFigures = { skipped: string } | { one: Measured; two: Measured; cores: number; peaks: number[] }

type Target = { label: string; url: string; pid: number; headers: Record<string, string>; seconds: number }

/** nginx instances still running, for the bench's cleanup. */
const running = new Set<RunningNginx>()

export async function stopClusterNginx() {
  await Promise.all([...running].map((nginx) => nginx.stop()))
  running.clear()
}

export async function measureCluster(options: {
  driver: 'pglite' | 'postgres'
  path: string
  seconds: number
  cores: number
  /** Starts an app process as the bench starts its server, on the bench database. */
  startApp: () => Promise<Child & { origin: string }>
  /** Throws unless the answer is the bench page the budgets describe. */
  check: (page: RawResponse) => unknown
  /** The bench's warm-up and interleaved rounds. */
  measure: (targets: Target[]) => Promise<Measured[]>
  step: (text: string) => void
}): Promise<ClusterFigures> {
  if (options.driver !== 'postgres') return { skipped: 'no BENCH_DATABASE_URL (several app processes need PostgreSQL; PGlite is one process)' }
  const binary = findNginx()
  if (!binary) return { skipped: 'nginx is not installed (apt-get install nginx-light)' }
  const [first, second] = await Promise.all([options.startApp(), options.startApp()])
  const ports = [first!, second!].map((app) => Number(new URL(app.origin).port))
  const one = await startNginx(ports.slice(0, 1), { binary })
  running.add(one)
  const two = await startNginx(ports, { binary })
  running.add(two)
  options.step(`nginx (deploy/nginx.conf) at ${one.url} → app pid ${first!.pid}; at ${two.url} → pids ${first!.pid} and ${second!.pid}`)
  const headers = { 'accept-encoding': 'identity' }
  // Both processes render and keep the page before the load (least_conn sends the first two apart).
  for (const url of [one.url, two.url, two.url, two.url]) options.check(await getRaw(`${url}${options.path}`, headers))
  const target = (label: string, url: string): Target => ({ label, url: `${url}${options.path}`, pid: first!.pid, headers: {}, seconds: options.seconds })
  const [single, pair] = await options.measure([
    target(`nginx → 1 app process, ${options.path} as a guest`, one.url),
    target(`nginx → 2 app processes, ${options.path} as a guest`, two.url),
  ])
  const peaks = [first!, second!].map((app) => memoryOf(app.pid).peak)
  await stopClusterNginx()
  for (const app of [first!, second!]) app.process.kill('SIGTERM')
  return { one: single!, two: pair!, cores: options.cores, peaks }
}

export function printCluster(figures: ClusterFigures) {
  console.log('\n## Through nginx: the guest page with one app process and with two (PostgreSQL, issue 26)\n')
  if ('skipped' in figures) {
    console.log(`skipped: ${figures.skipped}`)
    return
  }
  console.log(loadTable([figures.one, figures.two]))
  const ratio = figures.one.rps.median ? figures.two.rps.median / figures.one.rps.median : Number.NaN
  console.log(
    `\ntwo processes: ${ratio.toFixed(2)} × the req/s of one (${int(figures.two.rps.median)} vs ${int(figures.one.rps.median)}); ` +
      `nginx, autocannon and the processes share ${figures.cores} cores, and "server CPU" is the first process's alone`,
  )
}

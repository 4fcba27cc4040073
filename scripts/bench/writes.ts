import { Agent } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { BENCH_CODE, CATEGORY_COUNT } from './data.ts'
import { getRaw, requestRaw } from './http.ts'
import { summarize } from './load.ts'

/**
 * Writes through the real API while the page is read: budget 9 (one writer renaming a bookmark 10
 * times a second under 50 connections of reads) and budget 2's "change to one category" (a rename
 * in one category, then the page: the time of that first render after the change).
 */

/** A link of the bench homepage as the link form edits it: the fields an edit must send to keep it. */
export type BenchLink = { id: number; bid: number; name: string; url: string; note: string }

type Envelope<T> = { code: number; msg: string; data: T }

async function apiGet<T>(url: string, cookie: string): Promise<T> {
  const answer = await getRaw(url, { cookie, 'accept-encoding': 'identity' })
  const text = answer.body.toString('utf8')
  const body = JSON.parse(text) as Envelope<T>
  if (answer.status !== 200 || body.code !== 1) throw new Error(`${url}: HTTP ${answer.status} ${text.slice(0, 200)}`)
  return body.data
}

/** Links read of each category: budget 9's writer renames these of one category in turn. */
export const LINKS_READ = 10

/**
 * The first LINKS_READ links of each of the bench homepage's categories, in the page's order, read
 * as the owner through the API (docs/api.md §11: homepages → modules → categories → bookmarks).
 */
export async function benchCategories(origin: string, cookie: string): Promise<BenchLink[][]> {
  const homepages = await apiGet<Array<{ id: number; code: string }>>(`${origin}/api/homepage/get-create-list`, cookie)
  const homepage = homepages.find((h) => h.code === BENCH_CODE)
  if (!homepage) throw new Error(`the bench user has no homepage /${BENCH_CODE}`)
  const modules = await apiGet<Array<{ moduleId: number }>>(`${origin}/api/module/get-list?homepageId=${homepage.id}`, cookie)
  const categories: BenchLink[][] = []
  for (const module of modules) {
    const bags = await apiGet<Array<{ bid: number }>>(`${origin}/api/bag/get-list-by-homepage-module?module=${module.moduleId}`, cookie)
    for (const bag of bags) {
      const { list } = await apiGet<{ list: Array<BenchLink & { type: string }> }>(
        `${origin}/api/bookmark/list?bid=${bag.bid}&size=${LINKS_READ}&divider=0`,
        cookie,
      )
      const links = list.filter((item) => item.type === 'link').map(({ id, bid, name, url, note }) => ({ id, bid, name, url, note }))
      if (links.length !== LINKS_READ) throw new Error(`category ${bag.bid} of /${BENCH_CODE} lists ${links.length} links, expected ${LINKS_READ}`)
      categories.push(links)
    }
  }
  if (categories.length !== CATEGORY_COUNT) throw new Error(`/${BENCH_CODE} has ${categories.length} categories, expected ${CATEGORY_COUNT}`)
  return categories
}

/**
 * Renames `link` to `name` the way the link form saves an edit (POST /api/source/add with its
 * bs_id and every field it keeps), as the signed-in owner, with the Origin the origin guard wants.
 * Throws unless the answer is `{"code":1`.
 */
export async function rename(origin: string, cookie: string, link: BenchLink, name: string, agent: Agent | false = false) {
  const form = new URLSearchParams({ bs_id: String(link.id), sour_name: name, sour_url: link.url, bid: String(link.bid), note: link.note }).toString()
  const headers = {
    cookie,
    origin,
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(form)),
    'accept-encoding': 'identity',
  }
  const answer = await requestRaw('POST', `${origin}/api/source/add`, headers, form, 30_000, agent)
  const text = answer.body.toString('utf8')
  if (answer.status !== 200 || !text.startsWith('{"code":1')) throw new Error(`renaming link ${link.id}: HTTP ${answer.status} ${text.slice(0, 200)}`)
}

export type WriterFigures = { scheduled: number; done: number; failed: number; seconds: number; firstError?: string }

/**
 * Budget 9's writer: every `intervalMs` one rename of the next of `links` (one write at a time, as
 * one person saving; a tick that comes while a write is still under way waits for it, and no
 * missed tick is made up later). `stop()` ends it after the write under way and returns the counts.
 */
export function startWriter(origin: string, cookie: string, links: BenchLink[], intervalMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const figures: WriterFigures = { scheduled: 0, done: 0, failed: 0, seconds: 0 }
  const started = performance.now()
  let stopping = false
  const running = (async () => {
    let next = started
    while (!stopping) {
      const wait = next - performance.now()
      if (wait > 0) await sleep(wait)
      if (stopping) break
      const link = links[figures.scheduled % links.length]!
      figures.scheduled++
      try {
        await rename(origin, cookie, link, `${link.name} 写${figures.scheduled}`, agent)
        figures.done++
      } catch (error) {
        figures.failed++
        figures.firstError ??= error instanceof Error ? error.message : String(error)
      }
      next = Math.max(next + intervalMs, performance.now())
    }
  })()
  return {
    async stop(): Promise<WriterFigures> {
      stopping = true
      await running
      agent.destroy()
      return { ...figures, seconds: (performance.now() - started) / 1_000 }
    },
  }
}

export type SequentialFigures = {
  /** GETs timed (after the warm-up). */
  count: number
  /** Sum of the GETs' times, in seconds: req/s = count / this. */
  getSeconds: number
  rps: number
  /** Milliseconds. */
  p50: number
  p99: number
  /** The renames' median time, in milliseconds (not in the figure), when the loop writes. */
  writeMedian?: number
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/**
 * One connection, one request after the other: `before` (a write, not timed) then a GET of `url`
 * timed from the request to the last byte, checked by `check`. `warmup` cycles first, then cycles
 * until `seconds` of wall time have passed and at least `minCycles` were timed (for a p99 that is
 * not just the slowest of a few), but no longer than `maxSeconds`. The same loop measures the
 * trivial page (no `before`), so that both figures pay the same client and connection.
 */
export async function sequentialLoop(options: {
  url: string
  headers: Record<string, string>
  warmup: number
  seconds: number
  minCycles?: number
  maxSeconds?: number
  before?: (cycle: number, agent: Agent) => Promise<string | undefined>
  check: (status: number, body: Buffer, expected: string | undefined) => string | null
}): Promise<SequentialFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const times: number[] = []
  const writes: number[] = []
  try {
    const { minCycles = 0, maxSeconds = options.seconds } = options
    let timedFrom = Number.POSITIVE_INFINITY
    const more = () => {
      const elapsed = performance.now() - timedFrom
      return elapsed < options.seconds * 1_000 || (times.length < minCycles && elapsed < maxSeconds * 1_000)
    }
    for (let cycle = 0; cycle < options.warmup || more(); cycle++) {
      if (cycle === options.warmup) timedFrom = performance.now()
      const writeStarted = performance.now()
      const expected = await options.before?.(cycle, agent)
      const started = performance.now()
      const answer = await getRaw(options.url, options.headers, 30_000, agent)
      const elapsed = performance.now() - started
      const problem = options.check(answer.status, answer.body, expected)
      if (problem) throw new Error(`${options.url}, cycle ${cycle}: ${problem}`)
      if (cycle >= options.warmup) {
        times.push(elapsed)
        if (options.before) writes.push(started - writeStarted)
      }
    }
  } finally {
    agent.destroy()
  }
  const sorted = [...times].sort((a, b) => a - b)
  const getSeconds = times.reduce((sum, time) => sum + time, 0) / 1_000
  return {
    count: times.length,
    getSeconds,
    rps: times.length / getSeconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ...(writes.length ? { writeMedian: summarize(writes).median } : {}),
  }
}

import { lookup } from 'node:dns/promises'
import net from 'node:net'
import { Writable, type Readable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tls from 'node:tls'
import zlib from 'node:zlib'
import ipaddr from 'ipaddr.js'
import type { buildConnector } from 'undici'
import { testNetworkFromEnv } from '#app/net/test-network.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/*
 * The one way the server fetches another site (SECURITY.md §0.1, battery D). Every hop: http(s),
 * port 80/443, no credentials, the name resolved once, every address public unicast, and the
 * connection dialled to exactly that address (no second lookup, so DNS rebinding cannot swap it).
 */

export type Resolver = (hostname: string) => Promise<string[]>
/** Where a validated address is actually dialled; identity in production, loopback test servers in tests. */
export type Dialer = (address: string, port: number) => { host: string; port: number }
export type Network = { resolve: Resolver; dial?: Dialer }
export type FetchOptions = {
  /** Cap on the decompressed body; default 1 MB. */
  maxBytes?: number
  accept?: string
  /** Whose fetch this is, for the per-user concurrency cap. */
  userKey?: string
}
/** A final 2xx response; redirects are followed, any other status is refused. */
export type Fetched = { url: string; status: number; contentType: string; headers: Record<string, string>; body: Buffer }
export type SafeFetch = (url: string, options?: FetchOptions) => Promise<Fetched>
export type FetchLimits = {
  connectTimeoutMs: number
  /** Everything: lookups, connects, every hop, the whole body. */
  totalTimeoutMs: number
  maxBytes: number
  maxRedirects: number
  perUser: number
  global: number
}

export const FETCH_REFUSED_MSG = '无法获取该网址的内容'
export const FETCH_BUSY_MSG = '请求过于频繁，请稍后再试'
/** The name has no public address: it does not exist, or it names something inside a network. */
export const FETCH_NOT_FOUND_MSG = '获取失败，找不到该网站，请检查网址是否正确'
/** Nothing public answered in time: a timeout, a closed port, a broken TLS, or an address we never dial. */
export const FETCH_NO_ANSWER_MSG = '获取失败，对方网站无法访问或没有及时响应'
/** A public site answered with an error status. */
export const fetchStatusMsg = (status: number) => `获取失败，对方网站拒绝了请求（HTTP ${status}）`

/**
 * What a user is told about a failed fetch. Only what they could learn without us is told apart
 * (SECURITY.md §4 D33, ADR 027): a private address, a closed port and a timeout are all
 * 'no-answer'; a name that resolves into a private network is 'not-found', like a name that does
 * not exist; only a public host that answered can be 'refused' (its status), 'too-large' (its
 * body over the cap) or 'other' (too many redirects).
 */
export type FetchFailure = 'not-found' | 'no-answer' | 'refused' | 'too-large' | 'other'

/**
 * Any failure to fetch: one type, and the message of its kind of failure; the real cause (which
 * may name an internal address or port) is kept for server logs only.
 */
export class FetchRefusedError extends DomainError {
  readonly #reason: string
  readonly #failure: FetchFailure
  constructor(reason = 'refused', failure: FetchFailure = 'other', message = FETCH_REFUSED_MSG) {
    super(failure === 'not-found' ? FETCH_NOT_FOUND_MSG : failure === 'no-answer' ? FETCH_NO_ANSWER_MSG : message)
    this.name = 'FetchRefusedError'
    this.#reason = reason
    this.#failure = failure
  }
  /** Which kind of failure the message told. */
  get failure(): FetchFailure {
    return this.#failure
  }
  /** The real cause, for server logs and tests only; not an own property, so never serialised. */
  get reason(): string {
    return this.#reason
  }
}

/** Too many fetches under way for this user or the whole server. */
export class FetchBusyError extends DomainError {
  constructor() {
    super(FETCH_BUSY_MSG)
    this.name = 'FetchBusyError'
  }
}

const DEFAULT_LIMITS: FetchLimits = {
  connectTimeoutMs: 3_000,
  totalTimeoutMs: 8_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  perUser: 2,
  global: 8,
}
const MAX_URL_LENGTH = 2048
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36'
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const REDIRECTS = new Set([301, 302, 303, 307, 308])
// Names that mean "this machine / this network" whatever DNS says.
const LOCAL_NAME = /(?:^|\.)(?:localhost|internal|local)$/

const systemNetwork: Network = {
  resolve: async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address),
}

/** A fetcher with its own concurrency counters; `safeFetcher()` is the process-wide one. */
export function createSafeFetcher(network: Network = systemNetwork, limits: Partial<FetchLimits> = {}): SafeFetch {
  const caps = { ...DEFAULT_LIMITS, ...limits }
  const slots = concurrency(caps)
  return async (url, options = {}) => {
    const release = slots.acquire(options.userKey)
    const controller = new AbortController()
    const timer = setTimeout(
      () => controller.abort(new Error(`timeout: over ${caps.totalTimeoutMs} ms in total`)),
      caps.totalTimeoutMs,
    )
    try {
      return await follow(url, options, network, caps, controller.signal)
    } catch (error) {
      if (error instanceof FetchRefusedError) throw error
      // Timeouts, refused and reset connections, TLS failures: nothing answered.
      throw new FetchRefusedError(controller.signal.aborted ? String(controller.signal.reason?.message) : describe(error), 'no-answer')
    } finally {
      clearTimeout(timer)
      release()
    }
  }
}

let shared: SafeFetch | undefined
/** The process-wide fetcher: real DNS, or the TEST_NETWORK table when that is set. */
export function safeFetcher(): SafeFetch {
  if (!shared) {
    const test = testNetworkFromEnv()
    if (test) console.warn('TEST_NETWORK is set: outbound fetches reach only its .test names, never the internet.')
    shared = createSafeFetcher(test ?? systemNetwork)
  }
  return shared
}

/**
 * A fetcher on the same network as `safeFetcher()` (real DNS, or TEST_NETWORK in tests) with
 * counters and limits of its own: for a service that needs a shorter timeout (weather).
 */
export function networkFetcher(limits: Partial<FetchLimits>): SafeFetch {
  return createSafeFetcher(testNetworkFromEnv() ?? systemNetwork, limits)
}

async function follow(
  url: string,
  options: FetchOptions,
  network: Network,
  caps: FetchLimits,
  signal: AbortSignal,
): Promise<Fetched> {
  let current = url
  for (let redirects = 0; ; redirects++) {
    const target = checkedUrl(current)
    const address = await publicAddress(target, network.resolve, signal)
    const dialled = (network.dial ?? identity)(address, target.port ? Number(target.port) : defaultPort(target))
    const answer = await request(target, dialled, options, caps, signal)
    if (typeof answer !== 'string') return answer
    if (redirects >= caps.maxRedirects) throw new FetchRefusedError(`more than ${caps.maxRedirects} redirects`)
    current = answer
  }
}

/** Scheme, port, credentials and length; the rules every hop meets. */
function checkedUrl(href: string): URL {
  if (href.length > MAX_URL_LENGTH) throw new FetchRefusedError('url too long')
  let url: URL
  try {
    url = new URL(href)
  } catch {
    throw new FetchRefusedError('not a url')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(`scheme ${url.protocol}`)
  // Never dialled, and told like a closed port: a redirect must not learn which ports we refuse.
  if (url.port !== '' && url.port !== '80' && url.port !== '443') throw new FetchRefusedError(`port ${url.port}`, 'no-answer')
  if (url.username || url.password) throw new FetchRefusedError('credentials in url')
  if (url.href.length > MAX_URL_LENGTH) throw new FetchRefusedError('url too long')
  return url
}

/** The one address this hop may connect to; refused unless every address the name has is public. */
async function publicAddress(url: URL, resolve: Resolver, signal: AbortSignal): Promise<string> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (ipaddr.isValid(host)) {
    // An address typed or redirected to: a private one is told like one that does not answer.
    if (!isPublic(host)) throw new FetchRefusedError(`${host} is a ${ipaddr.process(host).range()} address`, 'no-answer')
    return host
  }
  // A name with no public address is told like a name that does not exist, so that the answer
  // does not say which internal names exist.
  if (LOCAL_NAME.test(host.replace(/\.$/, ''))) throw new FetchRefusedError(`local name ${host}`, 'not-found')
  let addresses: string[]
  try {
    addresses = await abortable(resolve(host), signal)
  } catch (error) {
    if (signal.aborted) throw error
    throw new FetchRefusedError(`lookup of ${host}: ${describe(error)}`, 'not-found')
  }
  if (addresses.length === 0) throw new FetchRefusedError(`no address for ${host}`, 'not-found')
  for (const address of addresses) {
    if (!isPublic(address)) throw new FetchRefusedError(`${host} has ${ipaddr.isValid(address) ? ipaddr.process(address).range() : 'invalid'} address ${address}`, 'not-found')
  }
  // IPv4 first: many hosts have no IPv6 route out.
  return addresses.find((a) => net.isIPv4(a)) ?? addresses[0]!
}

const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast'

/** One GET over a fresh connection to `dialled`; a redirect answers its absolute target. */
async function request(
  url: URL,
  dialled: { host: string; port: number },
  options: FetchOptions,
  caps: FetchLimits,
  signal: AbortSignal,
): Promise<Fetched | string> {
  // undici (several MB) is loaded on the first outbound fetch, not at start (ADR 012: idle memory).
  const { Client } = await import('undici')
  const client = new Client(url.origin, {
    connect: pinnedConnector(dialled, url.hostname.replace(/\.$/, ''), caps.connectTimeoutMs),
    allowH2: false,
    headersTimeout: caps.totalTimeoutMs,
    bodyTimeout: caps.totalTimeoutMs,
  })
  try {
    const response = await client.request({
      method: 'GET',
      path: url.pathname + url.search,
      signal,
      headers: {
        'user-agent': USER_AGENT,
        accept: options.accept ?? HTML_ACCEPT,
        'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
      },
    })
    const headers = flatHeaders(response.headers)
    const status = response.statusCode
    if (REDIRECTS.has(status) && headers.location) {
      discard(response.body)
      try {
        return new URL(headers.location, url).href
      } catch {
        throw new FetchRefusedError('bad redirect location')
      }
    }
    if (status < 200 || status > 299) {
      discard(response.body)
      throw new FetchRefusedError(`status ${status}`, 'refused', fetchStatusMsg(status))
    }
    const body = await readBody(response.body, headers['content-encoding'] ?? '', options.maxBytes ?? caps.maxBytes, signal)
    return { url: url.href, status, contentType: headers['content-type'] ?? '', headers, body }
  } finally {
    client.destroy().catch(() => {})
  }
}

/**
 * Dials the validated address, never the name: TLS still sends the name (SNI) and checks the
 * certificate against it, and the Host header stays the name (undici takes it from the origin).
 */
function pinnedConnector(
  dialled: { host: string; port: number },
  hostname: string,
  timeoutMs: number,
): buildConnector.connector {
  return (options, callback) => {
    const secure = options.protocol === 'https:'
    const servername = ipaddr.isValid(hostname.replace(/^\[(.*)\]$/, '$1')) ? undefined : hostname
    const socket = secure
      ? tls.connect({ host: dialled.host, port: dialled.port, servername, ALPNProtocols: ['http/1.1'] })
      : net.connect({ host: dialled.host, port: dialled.port })
    let done = false
    const finish = (error: Error | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      if (error) {
        socket.destroy()
        callback(error, null)
      } else {
        callback(null, socket)
      }
    }
    const timer = setTimeout(() => finish(new Error(`connect timeout after ${timeoutMs} ms`)), timeoutMs)
    socket.once(secure ? 'secureConnect' : 'connect', () => finish(null))
    socket.once('error', finish)
    return socket
  }
}

/** Decompresses as it reads and stops as soon as the decompressed count passes the cap. */
async function readBody(body: Readable, encoding: string, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(new FetchRefusedError(`body over ${maxBytes} bytes`, 'too-large'))
      chunks.push(chunk)
      done()
    },
  })
  await pipeline([body, ...decoders(encoding), sink], { signal })
  return Buffer.concat(chunks)
}

/** Content-Encoding lists codings in the order applied; undo them in reverse. */
function decoders(header: string): Transform[] {
  const codings = header.toLowerCase().split(',').map((c) => c.trim()).filter((c) => c && c !== 'identity')
  // Real servers stack at most two; a long list would only be a way to make us build streams.
  if (codings.length > 2) throw new FetchRefusedError(`content-encoding ${header}`)
  return codings.reverse().map((coding) => {
    // Sync flush: a body cut short still yields what arrived, as browsers do.
    const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip(flush)
    if (coding === 'deflate') return zlib.createInflate(flush)
    if (coding === 'br') return zlib.createBrotliDecompress()
    throw new FetchRefusedError(`content-encoding ${coding}`)
  })
}

function concurrency(caps: FetchLimits) {
  const perUser = new Map<string, number>()
  let total = 0
  return {
    /** Takes a slot or refuses at once; the returned function gives it back. */
    acquire(userKey: string | undefined): () => void {
      const mine = userKey === undefined ? 0 : (perUser.get(userKey) ?? 0)
      if (total >= caps.global || mine >= caps.perUser) throw new FetchBusyError()
      total++
      if (userKey !== undefined) perUser.set(userKey, mine + 1)
      return () => {
        total--
        if (userKey === undefined) return
        const left = (perUser.get(userKey) ?? 1) - 1
        if (left > 0) perUser.set(userKey, left)
        else perUser.delete(userKey)
      }
    },
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason)
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    }),
  ])
}

/** Drops a body we will not read (undici reports its destruction as an error). */
function discard(body: Readable) {
  body.on('error', () => {}).destroy()
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return flat
}

function defaultPort(url: URL): number {
  return url.protocol === 'https:' ? 443 : 80
}

function identity(address: string, port: number) {
  return { host: address, port }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return code ? `${String(code)}: ${error.message}` : error.message
  }
  return String(error)
}

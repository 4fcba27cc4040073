import type { ServerResponse } from 'node:http'
import { once } from 'node:events'
import zlib from 'node:zlib'
import iconv from 'iconv-lite'
import { expect, test, vi } from 'vitest'
import { DomainError } from '#app/utils/errors.ts'
import { closedPort, countingNetwork, useSites } from '#tests/fixtures/net/loopback.ts'
import {
  createSafeFetcher,
  FETCH_BUSY_MSG,
  FETCH_NO_ANSWER_MSG,
  FETCH_NOT_FOUND_MSG,
  FETCH_REFUSED_MSG,
  FetchBusyError,
  FetchRefusedError,
  safeFetcher,
  type Network,
} from './safe-fetch.server.ts'
import { testNetwork, testNetworkFromEnv } from './test-network.server.ts'

const startSite = useSites()
const PUBLIC = '93.184.216.34'

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FetchRefusedError)
  return error as FetchRefusedError
}

/** One site at http://site.test/ (93.184.216.34) plus intranet names, with counters. */
async function siteNetwork(handler: Parameters<typeof startSite>[0]) {
  const site = await startSite(handler)
  const net = countingNetwork({ 'site.test': { address: PUBLIC, port: site.port }, 'internal.test': { address: '10.0.0.1' } })
  return { site, ...net }
}

function html(res: ServerResponse, body: string | Buffer, type = 'text/html; charset=utf-8') {
  res.writeHead(200, { 'Content-Type': type })
  res.end(body)
}

test('a page is fetched from the validated address, with the name as Host and a browser-like request', async () => {
  const gbk = iconv.encode('<title>中文网站</title>', 'gbk')
  const { site, network, resolved, dialled } = await siteNetwork((_req, res) => html(res, gbk, 'text/html; charset=gbk'))
  const fetched = await createSafeFetcher(network)('http://site.test/page?q=1')
  expect(fetched).toMatchObject({ url: 'http://site.test/page?q=1', status: 200, contentType: 'text/html; charset=gbk' })
  expect(fetched.body.equals(gbk)).toBe(true)
  expect(resolved).toEqual(['site.test'])
  expect(dialled).toEqual([PUBLIC])
  const request = site.requests[0]!
  expect(request.url).toBe('/page?q=1')
  expect(request.headers.host).toBe('site.test')
  expect(request.headers['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome/)
  expect(request.headers['accept-language']).toMatch(/^zh-CN/)
})

test('gzip, deflate and brotli bodies are decompressed, stacked ones in reverse order (at most two)', async () => {
  const text = '压缩的页面'.repeat(1000)
  const encoders: Record<string, (b: Buffer) => Buffer> = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync }
  const { network } = await siteNetwork((req, res) => {
    // Codings in the order applied, as Content-Encoding lists them.
    const codings = decodeURIComponent(req.url!.slice(1)).split(', ')
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': codings.join(', ') })
    res.end(codings.reduce<Buffer>((body, coding) => encoders[coding]!(body), Buffer.from(text)))
  })
  const fetch = createSafeFetcher(network)
  for (const coding of [...Object.keys(encoders), 'gzip, br']) {
    expect((await fetch(`http://site.test/${encodeURIComponent(coding)}`)).body.toString()).toBe(text)
  }
  expect((await refusal(fetch(`http://site.test/${encodeURIComponent('gzip, gzip, gzip')}`))).reason).toMatch(/content-encoding/)
})

test('loopback, private, link-local, metadata and local names are refused before any socket opens', async () => {
  const { network, resolved, dialled } = await siteNetwork((_req, res) => html(res, 'ok'))
  const fetch = createSafeFetcher(network)
  const literals = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://0.0.0.0/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://100.64.0.1/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[64:ff9b::a00:1]/',
    'https://224.0.0.1/',
  ]
  const localNames = ['http://localhost/', 'http://localhost./', 'http://app.localhost/', 'http://metadata.google.internal/', 'http://printer.local/']
  // An internal address is told like one that does not answer; an internal name like one that does not exist.
  for (const url of literals) expect((await refusal(fetch(url))).message).toBe(FETCH_NO_ANSWER_MSG)
  for (const url of localNames) expect((await refusal(fetch(url))).message).toBe(FETCH_NOT_FOUND_MSG)
  expect(resolved).toEqual([])
  // A name that resolves into a private network: looked up once, never dialled.
  expect((await refusal(fetch('http://internal.test/'))).reason).toMatch(/private address 10\.0\.0\.1/)
  expect(resolved).toEqual(['internal.test'])
  expect(dialled).toEqual([])
})

test('a name with any private address among its addresses is refused', async () => {
  const dial = vi.fn()
  const network: Network = { resolve: async () => [PUBLIC, '10.0.0.1'], dial }
  expect((await refusal(createSafeFetcher(network)('http://mixed.test/'))).reason).toMatch(/10\.0\.0\.1/)
  expect(dial).not.toHaveBeenCalled()
})

test('DNS rebinding: the name is resolved once and the validated address is the one dialled', async () => {
  const site = await startSite((_req, res) => html(res, 'public page'))
  const answers = [[PUBLIC], ['127.0.0.1']]
  const resolve = vi.fn(async () => answers.shift() ?? ['127.0.0.1'])
  const dialled: string[] = []
  const network: Network = {
    resolve,
    dial: (address) => {
      dialled.push(address)
      return { host: '127.0.0.1', port: site.port }
    },
  }
  expect((await createSafeFetcher(network)('http://rebind.test/')).body.toString()).toBe('public page')
  expect(resolve).toHaveBeenCalledTimes(1)
  expect(dialled).toEqual([PUBLIC])
})

test('only http(s) on ports 80/443, without credentials, up to 2048 characters', async () => {
  const { network, dialled } = await siteNetwork((_req, res) => html(res, 'ok'))
  const fetch = createSafeFetcher(network)
  // The test dialer ignores the port, so each of these would reach the site if the rule were missing.
  for (const url of [
    'http://site.test:8080/',
    'http://site.test:22/',
    'http://site.test:6379/',
    'https://site.test:5432/',
    'http://user:pw@site.test/',
    'file:///etc/passwd',
    'gopher://site.test/',
    'ftp://site.test/',
    `http://site.test/${'a'.repeat(2040)}`,
    'not a url',
  ]) {
    await refusal(fetch(url))
  }
  expect(dialled).toEqual([])
  expect((await fetch('http://site.test:80/')).status).toBe(200)
  expect((await fetch('https://site.test:443/').catch((e: FetchRefusedError) => e.reason))).not.toMatch(/port/)
})

test('redirects: up to 3 followed, every hop checked again, loops stop at the limit', async () => {
  const { site, network, dialled } = await siteNetwork((req, res) => {
    const path = req.url!
    const hop = /^\/hop\/(\d+)$/.exec(path)
    const to = (location: string) => {
      res.writeHead(302, { Location: location })
      res.end()
    }
    if (hop) return Number(hop[1]) === 0 ? html(res, 'arrived') : to(`/hop/${Number(hop[1]) - 1}`)
    if (path === '/loop') return to('http://site.test/loop')
    if (path === '/to-redis') return to('http://127.0.0.1:6379/')
    if (path === '/to-internal') return to('http://internal.test/admin')
    if (path === '/to-file') return to('file:///etc/passwd')
    if (path === '/to-gopher') return to('gopher://site.test:70/_stats')
    if (path === '/to-port') return to('http://site.test:6379/')
  })
  const fetch = createSafeFetcher(network)
  const arrived = await fetch('http://site.test/hop/3')
  expect(arrived.url).toBe('http://site.test/hop/0')
  expect(arrived.body.toString()).toBe('arrived')
  expect((await refusal(fetch('http://site.test/hop/4'))).reason).toMatch(/more than 3 redirects/)

  site.requests.length = 0
  expect((await refusal(fetch('http://site.test/loop'))).reason).toMatch(/more than 3 redirects/)
  expect(site.requests).toHaveLength(4)

  dialled.length = 0
  expect((await refusal(fetch('http://site.test/to-redis'))).reason).toMatch(/port 6379/)
  expect((await refusal(fetch('http://site.test/to-internal'))).reason).toMatch(/10\.0\.0\.1/)
  expect((await refusal(fetch('http://site.test/to-file'))).reason).toMatch(/scheme file:/)
  expect((await refusal(fetch('http://site.test/to-gopher'))).reason).toMatch(/scheme gopher:/)
  expect((await refusal(fetch('http://site.test/to-port'))).reason).toMatch(/port 6379/)
  // Only the first hop of each was ever dialled.
  expect(dialled).toEqual(Array(5).fill(PUBLIC))
})

test('a redirect to a bare IP literal on port 80 is refused too', async () => {
  const { network, dialled } = await siteNetwork((_req, res) => {
    res.writeHead(301, { Location: 'http://[::ffff:7f00:1]/' })
    res.end()
  })
  expect((await refusal(createSafeFetcher(network)('http://site.test/'))).reason).toMatch(/loopback/)
  expect(dialled).toEqual([PUBLIC])
})

test('a 50 MB body is cut off at the 1 MB cap, long before the server has sent it all', async () => {
  let written = 0
  const closed = Promise.withResolvers<void>()
  const { network } = await siteNetwork(async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.on('close', () => closed.resolve())
    const chunk = Buffer.alloc(64 * 1024, 'a')
    while (written < 50 * 1024 * 1024 && !res.destroyed) {
      written += chunk.length
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')])
    }
    res.end()
  })
  expect((await refusal(createSafeFetcher(network)('http://site.test/big'))).reason).toMatch(/body over 1048576 bytes/)
  await closed.promise
  expect(written).toBeLessThan(16 * 1024 * 1024)
})

test('a caller may lower the byte cap (icons)', async () => {
  const { network } = await siteNetwork((req, res) => html(res, Buffer.alloc(Number(req.url!.slice(1)), 1), 'image/png'))
  const fetch = createSafeFetcher(network)
  expect((await fetch('http://site.test/400000', { maxBytes: 512 * 1024 })).body.length).toBe(400_000)
  expect((await refusal(fetch('http://site.test/600000', { maxBytes: 512 * 1024 }))).reason).toMatch(/body over 524288/)
})

test('a gzip bomb is aborted when the inflated bytes pass the cap', async () => {
  // ~100 KB of gzip that inflates to 100 MB, made as a stream.
  const gzip = zlib.createGzip({ level: 9 })
  const parts: Buffer[] = []
  gzip.on('data', (part: Buffer) => parts.push(part))
  const zeros = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < 100; i++) gzip.write(zeros)
  gzip.end()
  await once(gzip, 'end')
  const bomb = Buffer.concat(parts)
  expect(bomb.length).toBeLessThan(200 * 1024)

  const { network } = await siteNetwork((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })
    res.end(bomb)
  })
  const before = process.memoryUsage().arrayBuffers
  expect((await refusal(createSafeFetcher(network)('http://site.test/bomb'))).reason).toMatch(/body over 1048576 bytes/)
  expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 * 1024 * 1024)
})

test('a body that trickles one byte every 200 ms is ended by the total time limit', async () => {
  const { network } = await siteNetwork((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    const timer = setInterval(() => res.write('a'), 200)
    res.on('close', () => clearInterval(timer))
  })
  const started = Date.now()
  const error = await refusal(createSafeFetcher(network, { totalTimeoutMs: 1000 })('http://site.test/slow'))
  expect(error.reason).toMatch(/timeout/)
  expect(Date.now() - started).toBeGreaterThanOrEqual(950)
  expect(Date.now() - started).toBeLessThan(2500)
})

test('a non-2xx final answer is refused (callers never see error pages)', async () => {
  const { network } = await siteNetwork((_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/html' })
    res.end('<title>404 Not Found</title>')
  })
  const error = await refusal(createSafeFetcher(network)('http://site.test/missing'))
  expect(error.reason).toBe('status 404')
  // A public site that answered: its refusal can be told.
  expect(error.message).toBe('获取失败，对方网站拒绝了请求（HTTP 404）')
})

test('internal, closed and silent targets fail with the same error, internal and missing names with another; only the logged reason differs', async () => {
  const silent = await startSite(() => {})
  const network = testNetwork({
    'internal.test': { address: '10.0.0.1' },
    'closed.test': { address: '93.184.216.35', port: await closedPort() },
    'silent.test': { address: '93.184.216.36', port: silent.port },
  })
  const fetch = createSafeFetcher(network, { totalTimeoutMs: 1000 })
  const sameness = (e: FetchRefusedError) => ({
    name: e.name,
    message: e.message,
    code: e.code,
    keys: Object.keys(e),
    json: JSON.stringify(e),
    proto: Object.getPrototypeOf(e),
  })
  // SECURITY.md §4 D33: an internal address, a closed port and a timeout are one answer.
  const noAnswer = [
    await refusal(fetch('http://10.0.0.1/')),
    await refusal(fetch('http://closed.test/')),
    await refusal(fetch('http://silent.test/')),
    await refusal(fetch('http://site.test:6379/')),
  ]
  for (const e of noAnswer) expect(sameness(e)).toEqual(sameness(noAnswer[0]!))
  expect(noAnswer[0]!.message).toBe(FETCH_NO_ANSWER_MSG)
  // A name with only an internal address is one answer with a name that does not exist: which internal names exist is not told.
  const notFound = [await refusal(fetch('http://internal.test/')), await refusal(fetch('http://nowhere.test/'))]
  expect(sameness(notFound[0]!)).toEqual(sameness(notFound[1]!))
  expect(notFound[0]!.message).toBe(FETCH_NOT_FOUND_MSG)
  expect(noAnswer[0]).toBeInstanceOf(DomainError)
  expect(noAnswer[0]!.code).toBe(0)
  expect(JSON.stringify(noAnswer[1])).not.toMatch(/ECONNREFUSED/)
  expect([...noAnswer, ...notFound].map((e) => e.reason)).toEqual([
    expect.stringMatching(/private/),
    expect.stringMatching(/ECONNREFUSED/),
    expect.stringMatching(/timeout/),
    expect.stringMatching(/port 6379/),
    expect.stringMatching(/private address 10\.0\.0\.1/),
    expect.stringMatching(/ENOTFOUND/),
  ])
})

test('at most 2 fetches per user and 8 in all are under way; more are refused as busy', async () => {
  const held: ServerResponse[] = []
  const { network } = await siteNetwork((req, res) => {
    if (req.url === '/hold') held.push(res)
    else html(res, 'quick')
  })
  const fetch = createSafeFetcher(network)
  const arrived = (n: number) => vi.waitFor(() => expect(held).toHaveLength(n))
  const pending = [fetch('http://site.test/hold', { userKey: 'u1' }), fetch('http://site.test/hold', { userKey: 'u1' })]
  await arrived(2)
  const busy = await fetch('http://site.test/quick', { userKey: 'u1' }).catch((e: unknown) => e)
  expect(busy).toBeInstanceOf(FetchBusyError)
  expect((busy as Error).message).toBe(FETCH_BUSY_MSG)
  expect((await fetch('http://site.test/quick', { userKey: 'u2' })).body.toString()).toBe('quick')

  for (const user of ['u2', 'u3', 'u4']) pending.push(fetch('http://site.test/hold', { userKey: user }), fetch('http://site.test/hold', { userKey: user }))
  await arrived(8)
  await expect(fetch('http://site.test/quick', { userKey: 'u5' })).rejects.toBeInstanceOf(FetchBusyError)
  await expect(fetch('http://site.test/quick')).rejects.toBeInstanceOf(FetchBusyError)

  for (const res of held) html(res, 'released')
  await Promise.all(pending)
  expect((await fetch('http://site.test/quick', { userKey: 'u1' })).body.toString()).toBe('quick')
})

test('HTTPS dials the pinned address yet sends the name for SNI and checks the certificate against it', async () => {
  const site = await startSite((_req, res) => html(res, 'secret'), { tls: true })
  const { network, dialled } = countingNetwork({ 'secure.test': { address: PUBLIC, port: site.port } })
  // Our self-signed test certificate is not trusted: the check is on, so the fetch fails.
  const error = await refusal(createSafeFetcher(network)('https://secure.test/'))
  expect(error.reason).toMatch(/self.signed|certificate/i)
  expect(site.servernames).toEqual(['secure.test'])
  expect(dialled).toEqual([PUBLIC])
  expect(site.requests).toHaveLength(0)
})

test('the test network: .test names only, unknown names unresolved, unlisted addresses never dialled', async () => {
  expect(testNetworkFromEnv(undefined)).toBeNull()
  expect(() => testNetworkFromEnv(JSON.stringify({ 'example.com': { address: PUBLIC, port: 1 } }))).toThrow(/\.test/)
  expect(() => testNetworkFromEnv(JSON.stringify({ 'evil.test.com': { address: PUBLIC } }))).toThrow(/\.test/)
  expect(() => testNetworkFromEnv(JSON.stringify({ 'a.test': { address: 'nope' } }))).toThrow(/IP address/)
  expect(() => testNetworkFromEnv('{')).toThrow(/JSON/)
  const network = testNetworkFromEnv(JSON.stringify({ 'A.test': { address: PUBLIC, port: 4321 }, 'b.test': { address: '10.0.0.1' } }))!
  expect(await network.resolve('a.test.')).toEqual([PUBLIC])
  await expect(network.resolve('example.com')).rejects.toThrow(/ENOTFOUND/)
  expect(network.dial!(PUBLIC, 80)).toEqual({ host: '127.0.0.1', port: 4321 })
  expect(() => network.dial!('10.0.0.1', 80)).toThrow()
  expect(() => network.dial!('8.8.8.8', 443)).toThrow()
})

test('safeFetcher() uses TEST_NETWORK when set, warning once', async () => {
  const site = await startSite((_req, res) => html(res, 'via env'))
  vi.stubEnv('TEST_NETWORK', JSON.stringify({ 'env.test': { address: PUBLIC, port: site.port } }))
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    const fetch = safeFetcher()
    expect(safeFetcher()).toBe(fetch)
    expect((await fetch('http://env.test/')).body.toString()).toBe('via env')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(/TEST_NETWORK/)
  } finally {
    vi.unstubAllEnvs()
  }
})

import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { DbHandle } from '#app/db/client.server.ts'
import { isTimeToTouch, touchSession } from '#app/auth/session.server.ts'
import { startPageKey } from '#app/page-cache/page-key.server.ts'
import { COLOR_SCHEME_HINT } from '#app/utils/color-scheme.ts'
import { PageRender } from '#app/page-cache/page-render.ts'
import type * as Fragments from '#app/page-cache/fragments.server.ts'
import type { FragmentStore, KeptFragments } from '#app/page-cache/fragments.server.ts'
import { etagOf, type KeptPage, PageStore, pickEncoding, type Viewer } from '#app/page-cache/page-store.server.ts'
import { coalesced, isCurrent, keptViewer, type LiveSession, versionReader, type Versions, viewerOf } from '#app/page-cache/versions.server.ts'
import type { HistoryBuffer } from '#app/services/browser-history.server.ts'
import type { VisitBuffer } from '#app/services/visits.server.ts'
import { env } from '#app/utils/env.server.ts'

/** Bytes of rendered pages kept per process (identity + gzip + brotli), least recently used out: PAGE_CACHE_MB. */
const maxBytes = () => env().PAGE_CACHE_MB * 1e6

/** Bytes of drawn categories kept per process (fragments.server.ts), least recently used out: each is a few KB. */
const FRAGMENT_BYTES = 16e6

/** The nonce of a kept page's CSP (server/index.ts makes one per request: 16 random bytes in base64). */
const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/
const newNonce = () => randomBytes(16).toString('base64')

/**
 * How the page cache answered a start page (as a CDN's X-Cache): `hit` (kept and current),
 * `redrawn` (kept, its changed categories drawn anew) or `render` (rendered whole).
 */
export const CACHE_HEADER = 'x-page-cache'

/** Headers of the render not replayed: they belong to one response, or are set per answer. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'vary', 'date', 'connection', 'keep-alive', 'cache-control', CACHE_HEADER])

/** The fragment functions of the app's build (its entry module exports them: they draw with its React and components). */
export type FragmentDrawing = typeof Fragments

type Pending = { key: string; viewer: Viewer; session: KeptPage['session']; render: PageRender; rendered: () => void }

/**
 * The page cache (PERFORMANCE.md budget 1, ADR 013): a start page is rendered once per change and
 * then answered from memory, compressed once, with an ETag. `serve` runs first and answers a
 * request whose page is kept and current; otherwise it hands the render a PageRender, and
 * `capture` (after the compression middleware, so that it sees the page's own bytes) keeps what
 * was sent when the loaders said what it shows. A page being rendered is rendered once: the
 * requests for it that come meanwhile wait for that render (then check it like any other).
 */
export function pageCache(
  { db, rows }: DbHandle,
  { enabled, history, visits, fragments: drawing }: { enabled: boolean; history?: HistoryBuffer; visits: VisitBuffer; fragments?: FragmentDrawing },
) {
  const store = new PageStore(maxBytes())
  // From the app's build (server/index.ts): absent where nothing is kept (development), and then no page is drawn from fragments.
  const fragmentStore: FragmentStore | undefined = drawing && new drawing.FragmentStore(FRAGMENT_BYTES)
  const versionsOf = coalesced(versionReader(rows))
  /** Key → settles when the render in progress for it has been sent (kept or not). */
  const rendering = new Map<string, Promise<void>>()

  async function answer(req: Request, res: Response, next: NextFunction) {
    // The host the render sees (behind a trusted proxy, React Router's adapter takes X-Forwarded-Host).
    const host = (req.app.enabled('trust proxy') && req.get('x-forwarded-host')) || req.get('host') || 'localhost'
    const url = new URL(req.originalUrl, `${req.protocol}://${host}`)
    const view = startPageKey({ url, cookie: req.headers.cookie, colorScheme: req.get(COLOR_SCHEME_HINT), userAgent: req.headers['user-agent'] })
    if (!view) return next()
    for (let waited = false; ; waited = true) {
      const page = store.get(view.key)
      const homepages = page?.homepages.map(([id]) => id) ?? []
      const groups = page?.groups.map(([id]) => id) ?? []
      const bags = page?.fragments?.parts.flatMap((part) => part.bags.map((bag) => bag.id)) ?? []
      // A page kept for a signed-in viewer is checked by the user's version, without the session.
      const byUser = page?.session && page.viewer ? page.viewer.id : null
      const versions = await versionsOf(
        byUser ? { session: null, users: [byUser], homepages, groups, bags } : { session: view.session, homepages, groups, bags },
      )
      const viewer = byUser ? keptViewer(page!, versions, Date.now()) : viewerOf(versions, view.session)
      const current = page && viewer !== undefined && isCurrent(page, viewer, versions)
      // Of a page whose homepages and viewer are current, the categories whose bookmarks changed since.
      const fragments = current ? page.fragments : undefined
      const stale = current ? (fragments && drawing ? drawing.staleFragments(fragments, versions.bags) : []) : null
      if (current && stale?.length === 0) return answerKept(req, res, view, page, viewer)
      const inProgress = rendering.get(view.key)
      if (page && viewer !== undefined && fragments && stale?.length && !inProgress && store.get(view.key) === page) {
        // Only categories changed: those are drawn anew in the kept page, not the page (budget 2).
        const redrawn = await redraw(view.key, page, fragments, stale, versions.bags).catch((error: unknown) => {
          console.error('Page cache: redrawing categories:', error)
          return null
        })
        if (redrawn) return answerKept(req, res, view, redrawn, viewer, 'redrawn')
      }
      // A render that ended while the versions were read kept a page they were not read for.
      const keptMeanwhile = store.get(view.key) !== page
      // Wait once: a page that cannot be kept must not queue its requests one behind another.
      if ((inProgress || keptMeanwhile) && !waited) {
        await inProgress
        continue
      }
      // The client left while this waited: its 'close' has passed, so a render tracked now would
      // never be marked done (a gone client's response is never ended) and every later request
      // for the page would wait on it for good (found by the bench's budget 9). Nothing to render for.
      if (res.closed) return
      // Marked as being rendered before anything else is awaited: the requests whose versions came
      // in the same batch resume right after this one, and must find the render to wait for.
      const rendered = inProgress ? () => {} : track(view.key, res)
      res.setHeader(CACHE_HEADER, 'render')
      // Rendered for the session as the database has it now (read already, unless checked by user).
      const live = await liveSession(view.session, byUser ? null : versions)
      res.locals.pageCache = {
        key: view.key,
        viewer: live ? { id: live.userId, renderVersion: live.renderVersion } : null,
        session: live ? { expiresAt: live.expiresAt, lastSeenAt: live.lastSeenAt } : null,
        render: new PageRender(fragmentStore),
        rendered,
      } satisfies Pending
      return next()
    }
  }

  /** Marks the key as being rendered until the returned function is called. */
  function begin(key: string) {
    let settle!: () => void
    const settled = new Promise<void>((resolve) => (settle = resolve))
    rendering.set(key, settled)
    return () => {
      if (rendering.get(key) === settled) rendering.delete(key)
      settle()
    }
  }

  /** Marks the key as being rendered until this response is sent or closed. */
  function track(key: string, res: Response) {
    const rendered = begin(key)
    res.once('close', rendered)
    return rendered
  }

  /** The kept page, current for this viewer: counted as a visit and sent. */
  function answerKept(req: Request, res: Response, view: { key: string; session: string | null }, page: KeptPage, viewer: Viewer, how = 'hit') {
    store.touch(view.key, page)
    if (page.visit !== null) visits.add(page.visit)
    // A map write, like the visit: the history buffer writes later (only a viewer's page has one).
    if (viewer && page.visited) history?.add({ userId: viewer.id, ...page.visited, at: new Date() })
    keepSessionFresh(view.session, page)
    res.setHeader(CACHE_HEADER, how)
    send(req, res, page)
  }

  /**
   * The kept page with its stale categories drawn anew (fragments.server.ts), kept in its place;
   * requests for it meanwhile wait, as for a render. The page's nonce is replaced, in its headers
   * and bytes, as a render would (ADR 013: a change of content never keeps a nonce).
   */
  async function redraw(key: string, page: KeptPage, fragments: KeptFragments, stale: number[], bagVersions: Map<number, number>) {
    const done = begin(key)
    try {
      const nonce = NONCE.exec(String(page.headers['content-security-policy'] ?? ''))?.[1]
      const fresh = newNonce()
      const swap = nonce && nonce.length === fresh.length ? { from: Buffer.from(nonce), to: Buffer.from(fresh) } : null
      const redrawn = await drawing!.redrawFragments(db, fragmentStore!, { identity: page.identity, fragments }, stale, bagVersions, (bytes) =>
        swap ? replaceAll(bytes, swap.from, swap.to) : bytes,
      )
      const headers = swap ? replaceInHeaders(page.headers, nonce!, fresh) : page.headers
      const { identity } = redrawn
      const next: KeptPage = { ...page, headers, fragments: redrawn.fragments, identity, etag: etagOf(identity), gzip: undefined, br: undefined }
      // Kept unless another render kept a page under the key meanwhile (it was read later, or as late).
      if (store.get(key) === page) store.keep(key, next, { quick: true })
      return next
    } finally {
      done()
    }
  }

  async function liveSession(session: string | null, known: Versions | null): Promise<LiveSession | null> {
    if (!session) return null
    const versions = known ?? (await versionsOf({ session, homepages: [] }))
    return versions.sessions.get(session) ?? null
  }

  /** An answer from the cache is a request of the session like any other: its last-seen time moves on. */
  function keepSessionFresh(session: string | null, page: KeptPage) {
    const now = Date.now()
    if (!session || !page.session || !isTimeToTouch(page.session.lastSeenAt, now)) return
    page.session.lastSeenAt = now
    touchSession(db, session).catch((error) => console.error('Page cache: session touch:', error))
  }

  const serve: RequestHandler = (req, res, next) => {
    if (!enabled || req.method !== 'GET') return next()
    // Only a cache: if it fails, the page is rendered as if it were not there.
    answer(req, res, next).catch((error) => {
      console.error('Page cache:', error)
      next()
    })
  }

  /** Tees the bytes React Router writes; keeps them when the page may be kept. */
  const capture: RequestHandler = (_req, res, next) => {
    const pending = res.locals.pageCache as Pending | undefined
    if (!pending) return next()
    const chunks: Buffer[] = []
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const collect = (chunk: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk))
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk)
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') collect(chunk)
      keepIfAllowed(res, pending, chunks)
      pending.rendered()
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }

  function keepIfAllowed(res: Response, { key, viewer, session, render }: Pending, chunks: Buffer[]) {
    const type = String(res.getHeader('content-type') ?? '')
    if (!render.cacheable || res.statusCode !== 200 || res.getHeader('set-cookie') || !type.startsWith('text/html')) return
    const headers: KeptPage['headers'] = {}
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE.has(name) && value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value
    }
    const identity = Buffer.concat(chunks)
    const fragments = render.fragments && drawing ? drawing.placeFragments(identity, render.fragments.view, render.fragments.drawn) : null
    store.keep(key, {
      viewer,
      session,
      homepages: [...render.homepages],
      groups: [...render.groups],
      visit: render.visit,
      visited: render.visited,
      ...(fragments ? { fragments } : {}),
      headers,
      etag: etagOf(identity),
      identity,
    })
  }

  return {
    serve,
    capture,
    /** The AppContext's pageRender for this request, if the page may be kept. */
    renderOf: (res: Response) => (res.locals.pageCache as Pending | undefined)?.render,
    /** What the store holds now (the bench reads it: server/index.ts prints it on SIGUSR2). */
    size: () => ({ pages: store.size, bytes: store.bytes, fragmentBytes: fragmentStore?.bytes ?? 0 }),
  }
}

function send(req: Request, res: Response, page: KeptPage) {
  const headers: Record<string, string | string[] | number> = {
    ...page.headers,
    etag: page.etag,
    // `/` answers a signed-in phone with a redirect to /m (utils/phone.ts): it varies by the browser.
    vary: `Accept-Encoding, Cookie, ${COLOR_SCHEME_HINT}${req.path === '/' ? ', User-Agent' : ''}`,
    // The browser keeps it but asks each time: a 304 when nothing changed.
    'cache-control': 'private, no-cache',
  }
  const validators = req.headers['if-none-match']?.split(',').map((tag) => tag.trim()) ?? []
  if (validators.includes(page.etag) || validators.includes('*')) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  const encoding = pickEncoding(page, req.headers['accept-encoding'])
  const body = encoding ? page[encoding]! : page.identity
  if (encoding) headers['content-encoding'] = encoding
  headers['content-length'] = body.length
  res.writeHead(200, headers)
  res.end(body)
}

/** `bytes` with every occurrence of `from` replaced by `to`, of the same length (a copy). */
function replaceAll(bytes: Buffer, from: Buffer, to: Buffer) {
  const out = Buffer.from(bytes)
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + from.length)) to.copy(out, at)
  return out
}

function replaceInHeaders(headers: KeptPage['headers'], from: string, to: string): KeptPage['headers'] {
  const swap = (value: string) => value.replaceAll(from, to)
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.map(swap) : swap(value)]))
}

import { createHash } from 'node:crypto'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { KeptFragments } from './fragments.server.ts'
import { LruByBytes } from './lru-by-bytes.ts'

/** Who a kept page was rendered for: its signed-in user at a version, or a guest (null). */
export type Viewer = { id: number; renderVersion: number } | null

/** A rendered start page, kept with what it showed and its bytes in each encoding. */
export type KeptPage = {
  viewer: Viewer
  /** The session a signed-in viewer's page was made for (keptViewer; its last-seen time moves on with each answer). */
  session: { expiresAt: number; lastSeenAt: number } | null
  /** [homepage id, render_version] of every homepage the page shows. */
  homepages: [number, number][]
  /** [group id, render_version] of the group a group's page shows. */
  groups: [number, number][]
  /** The homepage whose visit each repeat counts (see PageRender.visit). */
  visit: number | null
  /** The signed-in viewer's browser-history entry for each repeat (see PageRender.visited). */
  visited?: { path: string; title: string } | null
  /** A start page's categories: where each is in `identity`, to redraw one that changed (fragments.server.ts). */
  fragments?: KeptFragments
  /** The render's own headers (helmet's, its CSP with the render's nonce, content type). */
  headers: Record<string, string | string[]>
  etag: string
  identity: Buffer
  gzip?: Buffer
  br?: Buffer
}

/**
 * Rendered pages by key, least recently used first out, bounded in bytes. Only a cache: an
 * entry is served only after `isCurrent` (versions.server.ts) has checked it against the database, so
 * several processes on one database each keep their own and none serves a stale page.
 */
export class PageStore {
  readonly #pages: LruByBytes<KeptPage>

  constructor(maxBytes: number) {
    this.#pages = new LruByBytes(maxBytes, (_key, page) => pageBytes(page))
  }

  get size() {
    return this.#pages.size
  }

  /** Bytes of the pages kept, every encoding counted (what maxBytes bounds). */
  get bytes() {
    return this.#pages.bytes
  }

  get(key: string) {
    return this.#pages.peek(key)
  }

  /**
   * Keeps the page and compresses it once, off the main thread; until then it is sent as is. A
   * page redrawn after a change (`quick`) is compressed at lower levels: it is likely to change
   * again soon, and brotli's best costs ~100 times its quality 5 for a few % of the bytes. The
   * compression starts after the current I/O callbacks: setting up the two encoders costs the
   * main thread ~1 ms, which the response that kept the page (sent right after) must not wait for.
   */
  keep(key: string, page: KeptPage, { quick = false } = {}) {
    this.#pages.set(key, page)
    setImmediate(() => this.#compress(key, page, quick))
  }

  #compress(key: string, page: KeptPage, quick: boolean) {
    // A page replaced or dropped before its turn is not compressed at all.
    if (this.#pages.peek(key) !== page) return
    const attach = (encoding: 'gzip' | 'br') => (error: Error | null, bytes: Buffer) => {
      // Attached only while this very page is still the one kept under the key.
      if (error || this.#pages.peek(key) !== page) return
      page[encoding] = bytes
      this.#pages.grew(key, page, bytes.length)
    }
    gzip(page.identity, { level: quick ? 6 : 9 }, attach('gzip'))
    brotliCompress(
      page.identity,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quick ? 5 : BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.identity.length,
        },
      },
      attach('br'),
    )
  }

  /** Marks the page as just used (it leaves last). */
  touch(key: string, page: KeptPage) {
    this.#pages.touch(key, page)
  }
}

/** Brotli's best quality: once per render, in libuv's thread pool, so requests do not wait on it. */
const BROTLI_QUALITY = 11

function pageBytes(page: KeptPage) {
  return page.identity.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0)
}

/** A weak validator (the same for every encoding of the bytes): the body's hash. */
export function etagOf(body: Buffer) {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none, among those
 * the client accepts (q=0 refuses) and the page has ready.
 */
export function pickEncoding(page: KeptPage, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Set<string>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (page.br && (accepted.has('br') || accepted.has('*'))) return 'br'
  if (page.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip'
  return null
}

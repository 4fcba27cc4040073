import { Parser } from 'htmlparser2'
import iconv from 'iconv-lite'
import type { SafeFetch } from '#app/net/safe-fetch.server.ts'
import { FetchBusyError, FetchRefusedError } from '#app/net/safe-fetch.server.ts'
import { DomainError } from '#app/utils/errors.ts'

/**
 * A site's name and icon, read from the <head> of its page. Every address found in the page
 * (icons, manifest) is attacker-chosen, so it goes through the same fetcher as the page itself.
 */

export type SiteInfo = {
  /** Plain text, at most 100 characters; '' when the page names itself nowhere. */
  title: string
  /** Our stored src of the icon, or null when none could be fetched and stored. */
  icon: string | null
}
/** Stores image bytes and answers their src; throws when the bytes are not an accepted image. */
export type SaveIcon = (bytes: Buffer) => Promise<string>
export type SiteInfoOptions = { userKey?: string }

export const ICON_REFUSED_MSG = '获取失败，对方网站禁止抓取图标'
const TITLE_MAX = 100
const ICON_MAX_BYTES = 512 * 1024
const MANIFEST_MAX_BYTES = 256 * 1024
/** Icon fetches per page, so one page cannot make us fetch dozens of addresses. */
const MAX_ICON_ATTEMPTS = 4
const ICON_ACCEPT = 'image/avif,image/webp,image/png,image/x-icon,image/*;q=0.8,*/*;q=0.5'
const IMAGE_OR_PAGE_ACCEPT = 'image/avif,image/webp,image/png,image/*,text/html;q=0.9,*/*;q=0.8'
const META_SCAN_BYTES = 4096

type IconLink = { href: string; sizes: string; type: string; apple: boolean }
type Head = { title: string; base: string; icons: IconLink[]; manifest: string }

/** The title and icon of the page at `siteUrl`; a failed page fetch throws the fetcher's error. */
export async function fetchSiteInfo(
  fetch: SafeFetch,
  siteUrl: string,
  saveIcon: SaveIcon,
  options: SiteInfoOptions = {},
): Promise<SiteInfo> {
  const page = await fetch(siteUrl, { userKey: options.userKey })
  const head = readHead(decodeHtml(page.body, page.contentType))
  return { title: head.title, icon: await chooseIcon(fetch, head, page.url, saveIcon, options) }
}

/** An icon from `url`, which may be an image or a page whose icons are then tried. */
export async function fetchRemoteIcon(
  fetch: SafeFetch,
  url: string,
  saveIcon: SaveIcon,
  options: SiteInfoOptions = {},
): Promise<string> {
  let fetched
  try {
    fetched = await fetch(url, { accept: IMAGE_OR_PAGE_ACCEPT, userKey: options.userKey })
  } catch (error) {
    if (error instanceof FetchBusyError) throw error
    // A site that cannot be found or does not answer is told as such (not as 禁止抓取).
    if (error instanceof FetchRefusedError && (error.failure === 'not-found' || error.failure === 'no-answer')) throw error
    throw new DomainError(ICON_REFUSED_MSG)
  }
  try {
    return await saveIcon(fetched.body)
  } catch {
    // Not an image: maybe a page that names its icons.
  }
  // A picture we refuse (SVG) is not a page: its site's other icons were not asked for.
  const isPage =
    /html/i.test(fetched.contentType) ||
    (!/^image\//i.test(fetched.contentType) && /^\s*<(?:!doctype html|html|head)/i.test(fetched.body.toString('latin1', 0, 512)))
  if (isPage) {
    const head = readHead(decodeHtml(fetched.body, fetched.contentType))
    const icon = await chooseIcon(fetch, head, fetched.url, saveIcon, options)
    if (icon) return icon
  }
  throw new DomainError(ICON_REFUSED_MSG)
}

/** Tries the page's icons best first, then /favicon.ico; the first one `saveIcon` accepts wins. */
async function chooseIcon(
  fetch: SafeFetch,
  head: Head,
  pageUrl: string,
  saveIcon: SaveIcon,
  options: SiteInfoOptions,
): Promise<string | null> {
  const base = httpUrl(head.base, pageUrl) ?? pageUrl
  const tried = new Set<string>()
  const tryEach = async (candidates: IconLink[], against: string) => {
    for (const link of bestFirst(candidates)) {
      const url = httpUrl(link.href, against)
      if (!url || tried.has(url) || tried.size >= MAX_ICON_ATTEMPTS || isSvg(link, url)) continue
      tried.add(url)
      try {
        const icon = await fetch(url, { accept: ICON_ACCEPT, maxBytes: ICON_MAX_BYTES, userKey: options.userKey })
        return await saveIcon(icon.body)
      } catch {
        // Refused, missing or not an image: an icon never fails the title.
      }
    }
    return null
  }
  const apple = head.icons.filter((l) => l.apple)
  const plain = head.icons.filter((l) => !l.apple)
  const favicon = { href: '/favicon.ico', sizes: '', type: '', apple: false }
  return (
    (await tryEach(apple, base)) ??
    (await tryEach(plain, base)) ??
    (await manifestIcons(fetch, head.manifest, base, tried.size, options)
      .then((m) => (m ? tryEach(m.icons, m.url) : null))) ??
    (await tryEach([favicon], pageUrl))
  )
}

/** The icons a web app manifest lists; nothing when it cannot be fetched or read. */
async function manifestIcons(
  fetch: SafeFetch,
  href: string,
  base: string,
  attempts: number,
  options: SiteInfoOptions,
): Promise<{ url: string; icons: IconLink[] } | null> {
  const url = href && attempts < MAX_ICON_ATTEMPTS ? httpUrl(href, base) : null
  if (!url) return null
  try {
    const manifest = await fetch(url, {
      accept: 'application/manifest+json,application/json;q=0.9,*/*;q=0.5',
      maxBytes: MANIFEST_MAX_BYTES,
      userKey: options.userKey,
    })
    const icons: unknown = JSON.parse(decodeHtml(manifest.body, manifest.contentType)).icons
    if (!Array.isArray(icons)) return null
    const links = icons.flatMap((icon: unknown) => {
      if (!icon || typeof icon !== 'object') return []
      const { src, sizes, type } = icon as Record<string, unknown>
      if (typeof src !== 'string') return []
      return [{ href: src, sizes: typeof sizes === 'string' ? sizes : '', type: typeof type === 'string' ? type : '', apple: false }]
    })
    // Icon addresses in a manifest are relative to the manifest.
    return { url: manifest.url, icons: links }
  } catch {
    return null
  }
}

/** Largest declared size up to 256 first, then larger ones (smallest first), then unknown sizes. */
function bestFirst(links: IconLink[]): IconLink[] {
  const key = (link: IconLink) => {
    const size = bestSize(link.sizes)
    if (size === null) return [2, 0]
    return size <= 256 ? [0, -size] : [1, size]
  }
  return links
    .map((link) => ({ link, key: key(link) }))
    .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]!)
    .map((entry) => entry.link)
}

function bestSize(sizes: string): number | null {
  const all = [...sizes.matchAll(/(\d+)x(\d+)/gi)].map((m) => Math.max(Number(m[1]), Number(m[2])))
  const fitting = all.filter((s) => s <= 256)
  if (fitting.length) return Math.max(...fitting)
  return all.length ? Math.min(...all) : null
}

function isSvg(link: IconLink, url: string): boolean {
  return /svg/i.test(link.type) || new URL(url).pathname.toLowerCase().endsWith('.svg')
}

/** `href` resolved against `base` when that makes an http(s) address (so no data:/javascript:). */
function httpUrl(href: string, base: string): string | null {
  if (!href.trim()) return null
  try {
    const url = new URL(href.trim(), base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

// Tags a <head> may hold; any other element means the body has begun.
const HEAD_TAGS = new Set(['html', 'head', 'title', 'meta', 'link', 'base', 'script', 'style', 'noscript', 'template', 'object', 'img', 'iframe'])

/** Reads only the <head>: stops at </head>, <body> or the first element that cannot be in a head. */
function readHead(html: string): Head {
  const head: Head = { title: '', base: '', icons: [], manifest: '' }
  let title: string | null = null
  let inTitle = false
  let ogTitle = ''
  let done = false
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return
        if (!HEAD_TAGS.has(name)) {
          done = true
          return
        }
        const attr = (key: string) => attributes[key] ?? ''
        if (name === 'title' && title === null) {
          title = ''
          inTitle = true
        } else if (name === 'base' && !head.base) {
          head.base = attr('href')
        } else if (name === 'meta' && /^og:title$/i.test(attr('property') || attr('name'))) {
          ogTitle ||= attr('content')
        } else if (name === 'link') {
          const rel = attr('rel').toLowerCase().split(/\s+/)
          const apple = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')
          if (apple || rel.includes('icon')) {
            head.icons.push({ href: attr('href'), sizes: attr('sizes'), type: attr('type'), apple })
          } else if (rel.includes('manifest') && !head.manifest) {
            head.manifest = attr('href')
          }
        }
      },
      ontext(text) {
        if (inTitle && !done) title += text
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false
        if (name === 'head' || name === 'body') done = true
      },
    },
    { decodeEntities: true },
  )
  // Fed in slices so the parse stops soon after the head ends.
  for (let at = 0; at < html.length && !done; at += 8192) parser.write(html.slice(at, at + 8192))
  parser.end()
  head.title = plainTitle(title || '') || plainTitle(ogTitle)
  return head
}

/** One line of plain text: whitespace collapsed, control and bidi-override characters removed, ≤ 100 characters. */
function plainTitle(text: string): string {
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, '')
    .trim()
  return Array.from(clean).slice(0, TITLE_MAX).join('').trim()
}

const GBK_LABELS = new Set(['gbk', 'gb2312', 'gb_2312', 'gb_2312-80', 'x-gbk', 'cp936', 'ms936', 'windows-936', 'csgb2312', 'chinese', 'gb18030', 'euc-cn'])
const BIG5_LABELS = new Set(['big5', 'big5-hkscs', 'cn-big5', 'csbig5', 'x-x-big5'])
const LATIN1_LABELS = new Set(['iso-8859-1', 'latin1', 'us-ascii', 'ascii', 'l1', 'cp1252', 'windows-1252'])

/** Bytes to text: BOM, then the Content-Type charset, then a <meta> charset, then UTF-8 (or GB18030 if that fails). */
function decodeHtml(bytes: Buffer, contentType: string): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8'
    : bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le'
    : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be'
    : null
  const declared =
    bom ??
    encodingFor(/charset\s*=\s*["']?([^"';,\s]+)/i.exec(contentType)?.[1]) ??
    encodingFor(metaCharset(bytes))
  if (declared) return iconv.decode(bytes, declared)
  const utf8 = bytes.toString('utf8')
  // Undeclared and not valid UTF-8: most such pages here are GBK.
  return utf8.includes('\ufffd') ? iconv.decode(bytes, 'gb18030') : utf8
}

function metaCharset(bytes: Buffer): string | undefined {
  const start = bytes.toString('latin1', 0, META_SCAN_BYTES)
  const label = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w:.()-]+)/i.exec(start)?.[1]
  // A <meta> cannot honestly declare UTF-16 (it was just read as ASCII).
  return label && /^utf-?16/i.test(label) ? 'utf-8' : label
}

/** The iconv-lite name for a charset label; null for unknown labels (then treated as undeclared). */
function encodingFor(label: string | undefined): string | null {
  if (!label) return null
  const name = label.trim().toLowerCase()
  if (GBK_LABELS.has(name)) return 'gb18030'
  if (BIG5_LABELS.has(name)) return 'big5'
  if (LATIN1_LABELS.has(name)) return 'windows-1252'
  return iconv.encodingExists(name) ? name : null
}

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** gzip at zlib's default level 6: what the compression middleware and most servers send. */
export function gzipSize(bytes: Buffer) {
  return gzipSync(bytes, { level: 6 }).length
}

/** brotli at quality 11: the size a page or asset compressed once, ahead of time, would have. */
export function brotliSize(bytes: Buffer) {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length
}

export type HtmlSizes = { raw: number; gzip: number; brotli: number; inlineScripts: number }

/** Sizes of one HTML document; inline scripts are where React Router puts the hydration data. */
export function htmlSizes(html: Buffer): HtmlSizes {
  let inlineScripts = 0
  for (const match of html.toString('utf8').matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    inlineScripts += Buffer.byteLength(match[1]!)
  }
  return { raw: html.length, gzip: gzipSize(html), brotli: brotliSize(html), inlineScripts }
}

export type ScriptFile = { path: string; raw: number; gzip: number }

/**
 * Budget 5 of PERFORMANCE.md: the client JS of a public homepage, gzip -6, all files together
 * (the bench's figure and tests/http/client-scripts.test.ts, both measured by clientScripts).
 */
export const CLIENT_JS_BUDGET = 120e3

/** `import … from "x"`, `export … from "x"` and bare `import "x"`; not `import("x")`. */
const STATIC_IMPORT = /\b(?:from|import)\s*["']([^"']+)["']/g
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g

/** URL paths of the scripts the HTML itself makes the browser load at once. */
function scriptsOfHtml(html: string) {
  const paths = new Set<string>()
  for (const tag of html.matchAll(/<script\b[^>]*>/g)) {
    if (!/\btype=["']module["']/.test(tag[0])) continue
    const src = /\bsrc=["']([^"']+)["']/.exec(tag[0])?.[1]
    if (src) paths.add(src)
  }
  for (const tag of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel=["']modulepreload["']/.test(tag[0])) continue
    const href = /\bhref=["']([^"']+)["']/.exec(tag[0])?.[1]
    if (href) paths.add(href)
  }
  // React Router's inline module script imports the route modules statically and the client
  // entry with a top-level import(): both run on load, so both count.
  for (const script of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*>([\s\S]*?)<\/script>/g)) {
    for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
      for (const match of script[1]!.matchAll(pattern)) paths.add(match[1]!)
    }
  }
  return paths
}

/**
 * Every same-origin script a page loads before it is interactive: the HTML's module scripts,
 * modulepreloads and inline imports, then each file's static imports, transitively. A chunk
 * reached only through import() inside another chunk loads on demand and is not counted.
 * `missing` lists paths the page names that build/client does not have (a stale build).
 */
export function clientScripts(html: string, clientDir: string) {
  const pending = [...scriptsOfHtml(html)].map((path) => new URL(path, 'http://page/').pathname)
  const files = new Map<string, ScriptFile>()
  const missing = new Set<string>()
  while (pending.length) {
    const path = pending.pop()!
    if (files.has(path) || missing.has(path)) continue
    const file = join(clientDir, path)
    if (!existsSync(file)) {
      missing.add(path)
      continue
    }
    const bytes = readFileSync(file)
    files.set(path, { path, raw: bytes.length, gzip: gzipSize(bytes) })
    for (const match of bytes.toString('utf8').matchAll(STATIC_IMPORT)) {
      const target = new URL(match[1]!, `http://page${path}`)
      if (target.host === 'page' && target.pathname.endsWith('.js')) pending.push(target.pathname)
    }
  }
  return { files: [...files.values()].sort((a, b) => b.gzip - a.gzip), missing: [...missing] }
}

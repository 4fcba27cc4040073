import { join } from 'node:path'
import express, { type ErrorRequestHandler } from 'express'
import expressStaticGzip from 'express-static-gzip'

/**
 * A built asset's name: Vite writes them flat into build/client/assets as `name-hash.ext`. The raw
 * path is checked, undecoded, so `..`, `%2e%2e`, encoded slashes and NUL never reach the disk.
 */
const ASSET_NAME = /^\/[\w-][\w.-]*$/

/**
 * `/assets/*`, the hashed outputs of the production build (PERFORMANCE.md budget 1: static assets
 * compressed once, not per request): answered with the `.br` or `.gz` that
 * scripts/precompress.ts wrote beside them (brotli before gzip before identity, after the
 * client's Accept-Encoding; `Vary: Accept-Encoding`; ETag and Last-Modified of the bytes sent, so
 * each variant has its own validator) and cached for a year as immutable. Anything else under
 * `/assets` is a plain 404 (other methods pass on). The rest of build/client stays with
 * express.static after the compression middleware. Mount this before that middleware, so that
 * nothing precompressed is compressed again.
 */
export function builtAssets(root = 'build/client') {
  const router = express.Router()
  const assets = expressStaticGzip(join(root, 'assets'), {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { immutable: true, maxAge: '1y', fallthrough: false, redirect: false },
  })
  const notFound = (res: express.Response) => {
    // A variant may have been chosen before the file turned out to be missing.
    res.removeHeader('Content-Encoding')
    res.removeHeader('Vary')
    res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not Found')
  }
  router.use('/assets', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const path = req.url.split('?')[0]!
    if (!ASSET_NAME.test(path)) return notFound(res)
    assets(req, res, next)
  })
  const refused: ErrorRequestHandler = (error: { status?: number }, _req, res, next) => {
    if (error.status && error.status >= 400 && error.status < 500) return notFound(res)
    next(error)
  }
  router.use('/assets', refused)
  return router
}

/**
 * Lets a static-files middleware see only paths that can name a file (a dot in the last segment:
 * /favicon.svg, /robots.txt). Pages never have one, and without this every page request cost two
 * file-system lookups that found nothing (4.5% of the server's time on a minimal page).
 */
export function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1)
    if (!lastSegment.includes('.')) return next()
    serve(req, res, next)
  }
}

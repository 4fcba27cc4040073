import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { flushCompileCache } from 'node:module'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { RouterContextProvider, type ServerBuild } from 'react-router'
import type { AppContext } from '#app/context.ts'
import { openDb } from '#app/db/client.server.ts'
import { DirectoryInUseError } from '#app/db/directory-lock.server.ts'
import { startMaintenance } from '#app/services/maintenance.server.ts'
import { databaseReady, prepareDatabase } from '#app/services/startup.server.ts'
import { dataDirectories, ensureDataDirectories } from '#app/utils/data-dirs.server.ts'
import { ENGINES } from '#app/utils/engines.ts'
import { env } from '#app/utils/env.server.ts'
import { appSecret } from '#app/utils/secret.server.ts'
import { releaseBootMemory } from '#server/memory.ts'
import { type FragmentDrawing, pageCache } from '#server/page-cache.ts'
import { historyBuffer } from '#app/services/browser-history.server.ts'
import { visitBuffer } from '#app/services/visits.server.ts'
import { builtAssets, filesOnly } from '#server/static.ts'
import { renderQueue } from '#app/page-cache/render-queue.server.ts'
import { uploadsRouter } from '#server/uploads.ts'
import { drainRefusedBodies } from '#server/bodies.ts'
import { serviceWorker } from '#server/service-worker.ts'
import { healthChecks } from '#server/health.ts'
import { gracefulStop } from '#server/shutdown.ts'

const config = (() => {
  try {
    return env()
  } catch (error) {
    // A bad setting (e.g. half the S3_* ones) stops the boot with its message, not a stack.
    console.error(`起页 cannot start: ${(error as Error).message}`)
    process.exit(1)
  }
})()
const isDev = config.NODE_ENV === 'development'
const KEEP_ALIVE_MS = 65_000

// A fresh clone has no ./data: make every directory the server writes to before opening any.
try {
  ensureDataDirectories(dataDirectories(config))
} catch (error) {
  console.error(`起页 cannot start: ${(error as Error).message}`)
  process.exit(1)
}

const handle = await openDb({ url: config.DATABASE_URL, dataDir: config.PGLITE_DIR, poolSize: config.DATABASE_POOL_SIZE }).catch((error: unknown) => {
  // Another process has the embedded database open: stop before touching it (ADR 025).
  if (!(error instanceof DirectoryInUseError)) throw error
  console.error(`起页 cannot start: ${error.message}`)
  process.exit(1)
})
// Migrations, the search backfill and the demo seed, one process at a time (app/services/startup.server.ts).
const { searchFilled, seeded } = await prepareDatabase(handle, { demoPassword: config.DEMO_PASSWORD })
if (searchFilled) console.log(`Search: indexed ${searchFilled} bookmarks written before search existed.`)
if (seeded) console.log('Seeded the demo account and homepage.')
// The secret file is made now rather than at the first invite link: a process that cannot write it
// stops here, and processes started together share one (app/utils/secret.server.ts).
appSecret()
if (handle.driver === 'postgres' && !config.APP_SECRET) {
  console.warn(`APP_SECRET is not set: invite links are signed with ${config.SECRET_FILE}, this machine's own. Set APP_SECRET if several machines share this database.`)
}
// Expired sessions, old idempotency keys, unused uploads: now and every hour, in one of the
// processes sharing the database (errors are logged).
const maintenance = startMaintenance(handle)

const vite = isDev
  ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
  // @ts-ignore -- exists after `npm run build`
  return (await import('../build/server/index.js')) as ServerBuild
}
/**
 * In production the build is loaded once and handed over as an object: given a function, React
 * Router re-derives its whole route table on every request (a third of a minimal page's time).
 */
const productionBuild = vite ? undefined : await loadBuild()

/** The context key must be the app build's own instance, so it is taken from the build; the page cache's fragments too (they draw with its components). */
type EntryWithContext = { appContext: Parameters<RouterContextProvider['set']>[0]; fragments: FragmentDrawing }

const app = express()
const server = createServer(app)
const stop = gracefulStop(server)
app.disable('x-powered-by')
if (config.TRUST_PROXY) app.set('trust proxy', config.TRUST_PROXY)
// The balancer's checks come first: nothing else may answer, cache or delay them.
app.use(healthChecks({ ready: () => databaseReady(handle), stopping: stop.stopping }))
// Before anything can answer: the unread rest of a refused body is drained (server/bodies.ts).
app.use(drainRefusedBodies())
// Uploaded images first: they carry their own stricter headers (sandbox CSP, nosniff), not the pages'.
app.use(uploadsRouter())
// A kept start page is answered before any other work (its headers were the render's own).
// Signed-in users' browser history: buffered here, written every few seconds (never per request).
const history = historyBuffer(handle.db)
// Visits of homepages for their stats: counted here, written every few seconds (never per request).
const visits = visitBuffer(handle.db)
const fragments = (productionBuild?.entry.module as unknown as EntryWithContext | undefined)?.fragments
const pages = pageCache(handle, { enabled: config.PAGE_CACHE === 'on' && !isDev, history, visits, fragments })
app.use(pages.serve)
// Start pages not kept are rendered two at a time, in the order they came (one can render while
// the other waits on the database); a fair queue instead of a hundred renders interleaved.
app.use(renderQueue(2))

app.use((_req, res, next) => {
  res.locals.nonce = randomBytes(16).toString('base64')
  next()
})
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`,
          "'strict-dynamic'",
          ...(isDev ? ["'unsafe-inline'"] : []),
        ],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(isDev ? ['ws:'] : [])],
        'font-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        // The search-engine box's GET forms go to the engines themselves (app/utils/engines.ts).
        // Computed here, not there: the browser's copy of engines.ts would carry it to every page.
        'form-action': ["'self'", ...new Set(ENGINES.map((engine) => new URL(engine.action).origin))],
      },
    },
    // No Referer to other sites: private homepage codes are in our paths (SECURITY.md), and the
    // start page's thousand links need no rel="noreferrer" each (PERFORMANCE.md budget 4).
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the site is served over https.
    strictTransportSecurity: config.APP_ORIGIN.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }),
)
// The service worker (/sw.js): its caches carry the build's version, so each build replaces them.
app.use(serviceWorker(() => productionBuild?.assets.version ?? 'dev'))
// Built assets come precompressed (scripts/precompress.ts): answered before the compression middleware.
if (!vite) app.use(builtAssets())
app.use(compression())

if (vite) {
  app.use(vite.middlewares)
} else {
  app.use(filesOnly(express.static('build/client', { maxAge: '1h' })))
}
app.use(filesOnly(express.static('public', { maxAge: '1h' })))
app.use(pages.capture)

app.all(
  /.*/,
  createRequestHandler({
    build: productionBuild ?? loadBuild,
    mode: config.NODE_ENV,
    async getLoadContext(req, res) {
      const build = productionBuild ?? (await loadBuild())
      const { appContext } = build.entry.module as unknown as EntryWithContext
      const context = new RouterContextProvider()
      const values: AppContext = { db: handle.db, nonce: res.locals.nonce, clientIp: req.ip ?? '', pageRender: pages.renderOf(res), history, visits }
      context.set(appContext, values)
      return context
    },
  }),
)

// Every module is loaded: with NODE_COMPILE_CACHE (the start scripts), the next start strips no
// TypeScript and compiles less (ADR 012); written now rather than at exit, which a crash skips.
flushCompileCache()
releaseBootMemory()
server.listen(config.PORT, config.HOST, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.log(`起页 listening on http://localhost:${port} (${handle.driver})`)
})
// Node closes an idle kept-alive socket after 5 s; a client sending on it at that moment gets a
// reset (a lost POST). Idle sockets stay longer than clients and proxies keep theirs (60 s).
server.keepAliveTimeout = KEEP_ALIVE_MS
server.headersTimeout = KEEP_ALIVE_MS + 1_000

let closing = false
/** SIGTERM (a rolling restart): requests under way finish, then the database is closed; exit 0. */
async function shutdown(signal: NodeJS.Signals) {
  if (closing) return
  closing = true
  const grace = config.SHUTDOWN_GRACE_MS
  // Whatever hangs after the requests (a query that never returns) does not keep the process.
  setTimeout(() => {
    console.error('起页 did not stop in time; exiting.')
    process.exit(1)
  }, grace + 10_000).unref()
  await stop.stop(grace, (underWay) => console.log(`${signal}: stopping; ${underWay} requests under way may take up to ${grace} ms.`))
  await vite?.close()
  await maintenance.stop()
  await visits.stop()
  await history.stop()
  await handle.close()
  process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
// What the page cache holds, on the operator's (or the bench's) signal: no HTTP endpoint to guard.
process.on('SIGUSR2', () => {
  const { pages: kept, bytes, fragmentBytes } = pages.size()
  console.log(`Page cache: ${kept} pages, ${bytes} bytes; rss ${process.memoryUsage.rss()}; category fragments ${fragmentBytes} bytes`)
})

import type { RequestHandler } from 'express'
import { PERSONAL_DOMAIN } from '#app/page-cache/page-key.server.ts'
import { RESERVED_CODES } from '#app/schemas/homepage.ts'
import { VIEWER_HEADER } from '#app/utils/viewer-tag.server.ts'

/** The path the page script registers (app/utils/page-script.ts); its scope is the whole origin. */
export const SERVICE_WORKER_PATH = '/sw.js'

/**
 * The offline page (issue 25 item 4): what a navigation gets when the network is down and no copy
 * of the page was kept. Self-contained: no script, no stylesheet, nothing else to fetch.
 */
const OFFLINE_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>网络已断开 - 起页</title><style>body{margin:0;font:16px/1.6 system-ui,sans-serif;background:#f4f6fa;color:#1f2937}main{max-width:32rem;margin:18vh auto;padding:0 1.25rem}h1{font-size:1.4rem}a{color:#2f6fed}@media (prefers-color-scheme:dark){body{background:#15181e;color:#e5e7eb}a{color:#8ab4ff}}</style></head><body><main id="main" data-offline=""><h1>网络已断开</h1><p>你现在处于离线状态，这个页面没有可以显示的离线副本。</p><p>打开过的起始页在离线时会显示最后一次看到的内容。</p><p><a href="/">回到起始页</a>，或在网络恢复后刷新本页。</p></main></body></html>`

/**
 * The service worker's source (issue 25 item 4). Small, plain and with no build step of its own:
 * - navigations to a start page (`/`, `/m`, `/m/{code}`, `/{code}`) go to the network first and
 *   keep what they got; with the network down the last copy seen is shown (\`/\` redirects to the
 *   kept \`/m\` as it does online for a signed-in phone), else the offline page;
 *   any other navigation that fails shows the offline page;
 * - the hashed build assets (`/assets/*`, immutable) and the library icons are cache-first;
 * - nothing else is touched: `/api/*`, React Router's `.data` requests, uploads, and every
 *   non-GET request go to the network as if there were no worker;
 * - one user's pages are never shown to another: every page names its viewer in a header (an
 *   HMAC of the user id, or `guest`: utils/viewer-tag.server.ts; the session cookie is HttpOnly,
 *   so the worker cannot read it), and a page naming another viewer than the last one empties the
 *   kept pages; a sign-in or sign-out posted through the worker empties them at once, and a kept
 *   page is only ever shown to the viewer it names;
 * - the caches carry the build's version: a new build's worker deletes the old ones.
 */
export function serviceWorkerSource(version: string) {
  const config = { version, personalDomain: PERSONAL_DOMAIN.source, reserved: [...RESERVED_CODES], viewerHeader: VIEWER_HEADER.toLowerCase(), offline: OFFLINE_HTML }
  return `'use strict';
const C = ${JSON.stringify(config)};
const ASSETS = 'qy-assets-' + C.version, PAGES = 'qy-pages-' + C.version, META = 'qy-meta', VIEWER = '/__qy/viewer';
// The page cache's own rule (page-key.server.ts): a personal domain's shape, not one of our segments.
const DOMAIN = new RegExp(C.personalDomain);
const SIGN = /^\\/(login|logout|register|user\\/logoff)$/;

function isStartPage(path) {
  if (path === '/' || path === '/m') return true;
  const own = path.startsWith('/m/') ? path.slice(2) : path;
  return DOMAIN.test(own) && !C.reserved.includes(own.slice(1).toLowerCase());
}

async function currentViewer() {
  const kept = await (await caches.open(META)).match(VIEWER);
  return kept ? kept.text() : null;
}

/** A page names its viewer; another viewer than the last one empties the kept pages first. */
async function seeViewer(viewer) {
  if (!viewer || viewer === (await currentViewer())) return;
  await caches.delete(PAGES);
  await (await caches.open(META)).put(VIEWER, new Response(viewer));
}

async function forget() {
  await caches.delete(PAGES);
  await caches.delete(META);
}

/** Keeps a start page as the browser got it, under the address it came from. */
async function keep(url, response) {
  const viewer = response.headers.get(C.viewerHeader);
  await seeViewer(viewer);
  const type = response.headers.get('content-type') || '';
  if (!viewer || response.status !== 200 || !type.startsWith('text/html')) return;
  const target = new URL(response.url || url);
  if (!isStartPage(target.pathname)) return;
  const headers = { 'content-type': type };
  headers[C.viewerHeader] = viewer;
  await (await caches.open(PAGES)).put(target.pathname + target.search, new Response(await response.blob(), { status: 200, headers }));
}

async function lastSeen(url) {
  const kept = await (await caches.open(PAGES)).match(url.pathname + url.search);
  if (!kept) return null;
  return kept.headers.get(C.viewerHeader) === (await currentViewer()) ? kept : null;
}

const offlinePage = () => new Response(C.offline, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });

async function navigate(event, url) {
  const start = isStartPage(url.pathname);
  try {
    const response = await fetch(event.request);
    if (start) event.waitUntil(keep(url, response.clone()));
    else event.waitUntil(seeViewer(response.headers.get(C.viewerHeader)));
    return response;
  } catch (error) {
    if (!start) return offlinePage();
    const kept = await lastSeen(url);
    if (kept) return kept;
    // \`/\` of a signed-in phone redirects to /m: offline too, where the copy kept is (a page is
    // only ever shown at its own address, or its JavaScript would hydrate another route).
    const mobile = new URL('/m', url);
    if (url.pathname === '/' && !url.search && (await lastSeen(mobile))) return Response.redirect(mobile.href, 302);
    return offlinePage();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== ASSETS && name !== PAGES && name !== META).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    if (SIGN.test(url.pathname)) event.waitUntil(forget());
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/resources/icons/')) return event.respondWith(cacheFirst(request));
  if (request.mode === 'navigate') return event.respondWith(navigate(event, url));
});

/**
 * The page the worker was installed from was not fetched through it: it names its assets, which
 * are kept now. The page itself is kept from its next visit (fetching it again here would count a
 * second visit of the homepage).
 */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'keep') return;
  const assets = (Array.isArray(data.assets) ? data.assets : []).filter((path) => typeof path === 'string' && path.startsWith('/assets/'));
  event.waitUntil(caches.open(ASSETS).then((cache) => Promise.all(assets.map((path) => cache.match(path).then((hit) => hit || cache.add(path)).catch(() => {})))));
});
`
}

/**
 * `GET /sw.js`: the worker, from our origin, allowed the whole origin as its scope. Browsers look
 * for a new worker on every navigation (at least daily); `no-cache` makes each check a revalidation.
 */
export function serviceWorker(version: () => string): RequestHandler {
  let source: { version: string; body: string } | undefined
  return (req, res, next) => {
    if (req.path !== SERVICE_WORKER_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    const current = version()
    if (source?.version !== current) source = { version: current, body: serviceWorkerSource(current) }
    res.set({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Service-Worker-Allowed': '/',
      'Cache-Control': 'no-cache',
    })
    res.send(source.body)
  }
}

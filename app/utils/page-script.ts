/**
 * The page's own small script, inlined by the server's entry beside the theme re-check (never in a
 * bundle: PERFORMANCE.md budget 5 counts module scripts only, and this runs before hydration):
 *
 * - **A chunk that fails to load reloads the page**, at most once a minute (spec §6; the time of
 *   the last reload in sessionStorage). Vite reports every failed `import()` of the build (the lazy
 *   parts, the list) as the cancelable `vite:preloadError`; within the minute it is left to throw,
 *   and the error page shows. Offline it is left to throw too: a reload then could only show the
 *   browser's own offline page, without the page or its network state. React Router reloads by
 *   itself when a route module fails to load.
 * - **The network state** (spec §6 "Offline/online state is tracked"): `网络已断开` / `网络已恢复`
 *   in the polite live region `#net-status` (root.tsx), empty (and not shown) without JavaScript;
 *   the second clears itself after a few seconds. And `window.qyWhenOnline()` for the
 *   lazy parts, here so that its bytes are not in every page's bundle.
 * - **The service worker** (server/service-worker.ts), registered in production builds only (the
 *   server leaves it out in development): once it is ready, a page it did not serve asks it to
 *   keep the assets it loaded; the page itself is kept from its next visit on.
 */
export const CHUNK_RELOAD_KEY = 'qy-chunk-reload'
export const NET_STATUS_ID = 'net-status'
export const NET_OFFLINE_MSG = '网络已断开'
export const NET_ONLINE_MSG = '网络已恢复'
declare global {
  interface Window {
    /** Offline, a promise of the browser's return online (lazy-part.tsx waits on it); online, nothing. Defined by the page script. */
    qyWhenOnline?: () => Promise<unknown> | undefined
  }
}
/** How long 网络已恢复 stays. */
const ONLINE_SHOWN_MS = 3000

const CHUNK_RELOAD = `addEventListener('vite:preloadError',function(e){if(!navigator.onLine)return;var t=0,n=Date.now();try{t=Number(sessionStorage.getItem('${CHUNK_RELOAD_KEY}'))||0;if(n-t<6e4)return;sessionStorage.setItem('${CHUNK_RELOAD_KEY}',String(n))}catch(x){return}e.preventDefault();location.reload()});`

const NETWORK = `function net(on){var el=document.getElementById('${NET_STATUS_ID}');if(!el)return;clearTimeout(net.t);el.textContent=on?'${NET_ONLINE_MSG}':'${NET_OFFLINE_MSG}';el.setAttribute('data-state',on?'online':'offline');if(on)net.t=setTimeout(function(){el.textContent='';el.removeAttribute('data-state')},${ONLINE_SHOWN_MS})}addEventListener('offline',function(){net(false)});addEventListener('online',function(){net(true)});addEventListener('load',function(){if(!navigator.onLine)net(false)});window.qyWhenOnline=function(){if(!navigator.onLine)return new Promise(function(r){addEventListener('online',r,{once:true})})};`

const SERVICE_WORKER = `addEventListener('load',function(){if(!('serviceWorker' in navigator))return;var c=navigator.serviceWorker,had=c.controller;c.register('/sw.js',{scope:'/'}).then(function(){return c.ready}).then(function(r){if(had||!r.active)return;var a=performance.getEntriesByType('resource').map(function(e){return new URL(e.name).pathname}).filter(function(p){return p.indexOf('/assets/')===0});r.active.postMessage({type:'keep',assets:a})}).catch(function(){})});`

export function pageScript(production: boolean) {
  return `(function(){${CHUNK_RELOAD}${NETWORK}${production ? SERVICE_WORKER : ''}})()`
}

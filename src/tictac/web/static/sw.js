// tictac's service worker: the client's shell (the page, its modules, styles, catalogs, rules
// and icons) kept in a cache, so that a reload while the server is unreachable still shows it.
// Network first, always: a live game wants the newest client; the cache only answers when the
// network fails or is slower than PATIENCE_MS. Nothing else passes through it: never /api,
// /ws or any other answer of the server's.
// SHELL (the paths to keep), VERSION (a digest of their contents) and PAGES (the page paths,
// as patterns) are written above this file by the server when it serves /sw.js
// (server/pages.py), so a changed client is a new worker that drops the old cache. A
// navigation to any other path (/healthz, /metrics, /openapi.json, /api/...) is the server's
// alone: never kept, never answered from the cache.

const CACHE = `tictac-shell-${VERSION}`;
const PATIENCE_MS = 4000;
const PAGE = '/'; // every page path answers index.html: one cached copy serves them all

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(SHELL.map((path) => new Request(path, { cache: 'no-cache' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith('tictac-shell-') && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

const PAGE_PATTERNS = PAGES.map((pattern) => new RegExp(pattern));

function isPage(pathname) {
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}

function cachedKey(request) {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return null;
  if (request.mode === 'navigate') return isPage(url.pathname) ? PAGE : null;
  if (url.pathname.startsWith('/static/') || url.pathname.startsWith('/games/')) return url.pathname;
  return null;
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  const fromNetwork = fetch(request).then((response) => {
    // the page is kept only as the page it is (not a proxy's error page, say)
    const fits = key !== PAGE || (response.headers.get('content-type') || '').startsWith('text/html');
    if (response.ok && fits) cache.put(key, response.clone());
    return response;
  });
  fromNetwork.catch(() => {}); // its failure is dealt with below, whichever answers first
  const late = new Promise((resolve) => { setTimeout(resolve, PATIENCE_MS); });
  try {
    const first = await Promise.race([fromNetwork, late]);
    if (first) return first;
  } catch {
    // unreachable: the cache answers
  }
  const kept = await cache.match(key);
  return kept || fromNetwork; // nothing kept: the network's answer, or its failure
}

self.addEventListener('fetch', (event) => {
  const key = cachedKey(event.request);
  if (key !== null) event.respondWith(networkFirst(event.request, key));
});

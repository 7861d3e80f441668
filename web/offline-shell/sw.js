// The app's shell kept on the phone, so the mini-app opens with no signal at a put-in: a
// partner checks and redeems coupons, a buyer shows the QR saved last time. The build writes in
// what it made (offline-shell/plugin.ts): every script and style, kept when this worker installs,
// so a screen never opened with a network opens without one too. Pages come from the network
// first and from the kept copy without one. The API is never kept here: the app keeps its own data
// (IndexedDB, local storage). A new build is a new worker with a cache of its own.
const BUILD = '__BUILD__';
const FILES = ['__FILES__'];
const CACHE = `shell-${BUILD}`;
/** Every route is the same page: one copy serves them all, and the router takes the path. */
const SHELL = '/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') event.respondWith(pageFromNetworkFirst(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(keptOrFetched(request));
});

// Files the app fetches on one screen only (the check screen's QR decoder WASM, 321 KB on the wire) are
// not kept at install, for every buyer; the screen that needs them asks for them to be kept here.
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  const assets = urls.filter((url) => {
    const { origin, pathname } = new URL(url, self.location.origin);
    return origin === self.location.origin && pathname.startsWith('/assets/');
  });
  if (assets.length > 0) event.waitUntil(caches.open(CACHE).then((cache) => keepMissing(cache, assets)));
});

async function keepMissing(cache, assets) {
  for (const asset of assets) if (!(await cache.match(asset))) await cache.add(asset);
}

// The kept page is this build's, whose files are all kept: a newer page from the network is not
// kept, as its files may not be yet.
async function pageFromNetworkFirst(request) {
  try {
    const response = await fetch(request);
    // Whole (the page is a kilobyte): passed on in pieces, the first screen could show an element
    // before its words.
    return new Response(await response.blob(), response);
  } catch (error) {
    const kept = await caches.match(SHELL, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

async function keptOrFetched(request) {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}

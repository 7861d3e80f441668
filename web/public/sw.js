// The app's shell kept on the phone, so the mini-app opens with no signal at a put-in (issue 16): a
// partner checks and redeems coupons, a buyer shows the QR saved last time. Pages come from the
// network first and from the kept copy without one; hashed assets never change, so a kept copy is
// always right. The API is never kept here: the app keeps its own data (IndexedDB, local storage).
const CACHE = 'shell-v1';
/** Every route is the same page: one copy serves them all, and the router takes the path. */
const SHELL = '/';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The page that installed this worker loaded its shell and first scripts before the worker could see
// them: it names them here once the worker is active, and they are kept too.
self.addEventListener('message', (event) => {
  const assets = Array.isArray(event.data?.keep) ? event.data.keep.filter(isOwnAsset) : [];
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      if (!(await cache.match(SHELL))) await cache.add(SHELL);
      await Promise.all(assets.map(async (asset) => (await cache.match(asset)) || cache.add(asset)));
    }),
  );
});

function isOwnAsset(address) {
  try {
    const url = new URL(address, self.location.origin);
    return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
  } catch {
    return false;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') event.respondWith(pageFirstFromNetwork(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetKeptOrFetched(request));
});

async function pageFirstFromNetwork(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const previous = await cache.match(SHELL);
      await cache.put(SHELL, response.clone());
      if (previous && (await previous.text()) !== (await response.clone().text())) await forgetAssets(cache);
    }
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

/** A new build: the old one's assets go; this page's own are fetched (and kept) again as it needs them. */
async function forgetAssets(cache) {
  const requests = await cache.keys();
  await Promise.all(
    requests
      .filter((request) => new URL(request.url).pathname.startsWith('/assets/'))
      .map((request) => cache.delete(request)),
  );
}

async function assetKeptOrFetched(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

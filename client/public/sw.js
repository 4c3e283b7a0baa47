/*
 * Mawarid's service worker: what makes the app installable and gives it an offline page. It never answers from a
 * cache while the network works — pages, the API and GraphQL always go to the server, so nobody sees a stale
 * booking or price. Only when a page cannot be loaded at all does it show the offline page kept at install.
 */
const CACHE = 'mawarid-offline-v1';
const KEPT = ['/offline.html', '/offline.js', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(KEPT))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  // The offline page's own files, when the network is gone.
  const url = new URL(request.url);
  if (url.origin === self.location.origin && KEPT.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});

// The hall's service worker: what makes it installable, and an offline page. It never caches a game, an API answer
// or a socket: only page navigations pass through it, always to the network first; when the network is not there,
// the offline page (cached at install) is shown instead. Everything else goes straight to the server as before.
const CACHE = 'boardhall-offline-v1';
const OFFLINE = '/offline';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([OFFLINE, '/static/css/site.css',
    '/static/icons/icon-192.png'])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const stale = (keys) => keys.filter((k) => k !== CACHE).map((k) => caches.delete(k));
  event.waitUntil(caches.keys().then((keys) => Promise.all(stale(keys))).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;  // the browser fetches it as usual
  event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) || Response.error()));
});

// Eluent's service worker: keeps the app shell (pages, hashed assets, icons) so the installed app opens
// offline or on a slow link. Data (API, GraphQL, realtime) always goes to the network and is never stored.
const CACHE = 'eluent-shell-v1';
const SHELL = ['/', '/app/devices/', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png'];
const NEVER = ['/api/', '/hasura/', '/realtime/', '/emulation', '/device/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
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
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    // Pages: the network first, so a new build shows at once; the kept shell when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(request)
            .then(
              (hit) => hit ?? caches.match(url.pathname.startsWith('/share') ? '/share/' : '/app/devices/'),
            ),
        ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || /\.(png|svg|woff2?|webmanifest)$/.test(url.pathname)) {
    // Hashed assets never change under one name: the cache first.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

// Offline support for the built site: every file of the build is cached at install, so the
// explorer and the embed page work without a network once loaded. The build fills in the
// two constants below (see vite.config.ts); a new build has a new version and replaces the cache.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `archex-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new URL(f, self.registration.scope).href)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('archex-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // A class's API answers as the class is now: never from a cache.
  if (new URL(request.url).pathname.startsWith(new URL('api/', self.registration.scope).pathname))
    return;
  // Pages: the network first, so a new build shows at once; the cached copy when offline.
  // Assets have hashed names, so a cached copy is always right. Vary is ignored: servers send
  // "Vary: Origin" and module scripts are requested with an Origin the install did not send.
  const cached = () =>
    caches.match(request, { ignoreSearch: true, ignoreVary: true, cacheName: CACHE });
  event.respondWith(
    request.mode === 'navigate'
      ? fetch(request).catch(() => cached().then((hit) => hit ?? Response.error()))
      : cached().then((hit) => hit ?? fetch(request)),
  );
});

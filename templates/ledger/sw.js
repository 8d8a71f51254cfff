// Tento's service worker: pages and their assets stay on the phone, so that an open
// match's page loads with no signal. Hands recorded offline are the page's business
// (static/tento/offline.js keeps them and sends them when the network returns).
"use strict";
const VERSION = {{ version|safe }};
const ASSETS = {{ assets|safe }};
const OFFLINE = {{ offline|safe }};
const STATIC_CACHE = "tento-static-" + VERSION;
const PAGES_CACHE = "tento-pages";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(STATIC_CACHE)
      .then((cache) => cache.addAll([...ASSETS, OFFLINE]))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("tento-static-") && name !== STATIC_CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // A page: the network's copy when there is one (and keep it), else the one kept.
    event.respondWith(
      fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(PAGES_CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      }).catch(() => caches.match(request, { ignoreVary: true })
        .then((kept) => kept || caches.match(OFFLINE)))
    );
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    // Hashed static files never change: the kept copy first.
    event.respondWith(
      caches.match(request).then((kept) => kept || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      }))
    );
  }
  // Everything else (the live poll, forms) goes to the network: a failure there is the
  // page's to show ("not saved", "offline").
});

// Belle's service worker (served as /sw.js, scope "/"): an offline page when the
// network is gone, and Web Push "your turn" notices (belle/server/push).
//
// The push payload carries no text, only {kind, table, game, url}; the notice is worded
// here in the reader's language, from the catalogue /api/i18n answers with (the
// language cookie and Accept-Language of this browser), cached for offline use.
const CACHE = "belle-offline-v2";
const OFFLINE = "/offline";
const KEPT = [OFFLINE, "/static/css/belle.css", "/static/css/community.css",
  "/static/js/offline.js", "/static/js/i18n.js", "/static/icons/belle.svg", "/api/i18n"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) || Response.error()));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === location.origin && KEPT.includes(url.pathname)) {
    // The offline page's own files: the network first, the cached copy without it.
    event.respondWith(fetch(request).catch(async () => (await caches.match(request)) || Response.error()));
  }
});

async function catalogue() {
  try {
    const response = await fetch("/api/i18n", { credentials: "same-origin" });
    if (response.ok) {
      (await caches.open(CACHE)).put("/api/i18n", response.clone());
      return (await response.json()).messages || {};
    }
  } catch {
    // offline: the cached catalogue
  }
  const cached = await caches.match("/api/i18n");
  return cached ? (await cached.json()).messages || {} : {};
}

function translator(messages) {
  return (msgid, params = {}) => (messages[msgid] || msgid)
    .replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

async function turnNotice(data) {
  const messages = await catalogue();
  const t = translator(messages);
  const game = messages[data.title] || data.title || data.game;
  return {
    title: t("Your turn"),
    options: {
      body: t("{game}: it is your move at table {table}.", { game, table: data.table }),
      tag: `belle-table-${data.table}`,
      icon: "/static/icons/belle.svg",
      data: { url: data.url },
    },
  };
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    return;
  }
  if (data.kind !== "turn") return;
  event.waitUntil(turnNotice(data).then(({ title, options }) => self.registration.showNotification(title, options)));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil((async () => {
    for (const client of await self.clients.matchAll({ type: "window" })) {
      if (new URL(client.url).pathname === url && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});
